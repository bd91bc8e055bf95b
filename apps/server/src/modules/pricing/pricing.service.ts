import type { ErrorCode } from '@dak/domain/errors';
import type { Area } from '@dak/domain/geo';
import {
  type ChargeCategory,
  type ChargeQuery,
  type ChargeQuote,
  chargeQuoteSchema,
  checkWeight,
  computeCharge,
  defaultPricePlan,
  deliveryPromiseDays,
  type ParcelCategory,
  type PricePlan,
  type PricePlanView,
  pickupCutoffHour,
  pickupDate,
  pickupDateChangesAt,
  poishaToTaka,
  pricePlanSchema,
  pricingMessages,
  rateClass,
  weightLimits,
} from '@dak/domain/pricing';
import type { Kysely, Transaction } from 'kysely';
import type { RateLimits } from '../../config';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { plainJsonSerializer } from '../../lib/json-answer';
import type { RateLimiter } from '../../plugins/rate-limit';
import type { GeoService } from '../geo/geo.service';
import { createPricingRepository, type PricingRepository } from './pricing.repository';

export type PricingService = ReturnType<typeof createPricingService>;

type Executor = Kysely<DB> | Transaction<DB>;

type LoadedPlan = { id: string; name: string; isDefault: boolean; plan: PricePlan };

/**
 * What the migration seeds as the default plan. Used only if staff leave no plan marked default,
 * so the calculator keeps answering with DESIGN.md's prices instead of failing for everyone.
 */
const builtInDefault: LoadedPlan = {
  id: 'default',
  name: 'Standard',
  isDefault: true,
  plan: defaultPricePlan,
};

/**
 * The public calculator's default plan is read once and kept this long (on the app's clock): no
 * route changes a plan today, so a change by hand shows within this time (issue 16, hot reads).
 */
export const defaultPlanTtlMs = 5_000;

/** The quote as the calculator sends it: its fields in the schema's order (json-answer.ts). */
export const serialiseQuote = plainJsonSerializer(chargeQuoteSchema);

/** Past this many kept public quotes, the store starts again (clear-at-N, as the area search). */
const maxKeptQuotes = 1_000;

/**
 * A public quote as sent: its JSON as a string when it is all ASCII (every quote so far: numbers,
 * ids, dates), else as UTF-8 bytes. Node writes a string body with the header in one write, a
 * Buffer with a second (`writev`), about 4 µs a request more here (issue 16, hot reads).
 */
export type QuoteBody = string | Buffer;
const asQuoteBody = (json: string): QuoteBody =>
  // As many UTF-8 bytes as characters: every character is ASCII.
  Buffer.byteLength(json, 'utf8') === json.length ? json : Buffer.from(json, 'utf8');

/** The kept-answer key of an everyday query (no category); each field's text is free of newlines. */
const quoteKey = (q: ChargeQuery) =>
  `${q.pickupAreaId}\n${q.deliveryAreaId}\n${q.weight}\n${q.cash}\n${q.exchange}`;

/** A refusal that names the query field, in the same shape as a schema failure's details. */
function fieldError(code: ErrorCode, field: string, message: string, extra: Record<string, unknown> = {}) {
  return new AppError(code, message, { fields: [{ path: `querystring.${field}`, message }], ...extra });
}

const toTakaCard = (card: PricePlan['rates']['same_city']) => ({
  upTo500g: poishaToTaka(card.upTo500g),
  upTo1kg: poishaToTaka(card.upTo1kg),
  perExtraKg: poishaToTaka(card.perExtraKg),
});
const toTakaMap = (map: Record<string, number>) =>
  Object.fromEntries(Object.entries(map).map(([id, p]) => [id, poishaToTaka(p)]));

/**
 * Charges of parcels: the public calculator (default plan, up to 10 kg, rate-limited per IP), a
 * shop's calculator (its own plan, up to 200 kg), the plans themselves and the category catalogue.
 * Parcel booking (issue 4, part 2) calls quoteForShop for the charge it stores.
 */
export function createPricingService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  geo: GeoService;
  rateLimiter: RateLimiter;
  limits: Pick<RateLimits, 'chargePerIpPerMinute'>;
  repo?: PricingRepository;
}) {
  const repo = deps.repo ?? createPricingRepository(deps.db);
  const { geo, clock } = deps;

  function load(row: { id: string; name: string; plan: unknown; is_default: boolean }): LoadedPlan {
    return { id: row.id, name: row.name, isDefault: row.is_default, plan: pricePlanSchema.parse(row.plan) };
  }

  async function defaultPlan(): Promise<LoadedPlan> {
    const row = await repo.findDefaultPlan();
    return row ? load(row) : builtInDefault;
  }

  /** `loaded`: the plan once read, for keptPublicBody's check without a promise. */
  let keptDefault: { expires: number; value: Promise<LoadedPlan>; loaded?: LoadedPlan } | undefined;
  /** The default plan for the public calculator: one read (and one schema parse) per few seconds. */
  function sharedDefaultPlan(): Promise<LoadedPlan> {
    const at = clock.now().getTime();
    if (keptDefault && keptDefault.expires > at) return keptDefault.value;
    const value = defaultPlan();
    const kept: NonNullable<typeof keptDefault> = { expires: at + defaultPlanTtlMs, value };
    keptDefault = kept;
    value.then(
      (loaded) => {
        kept.loaded = loaded;
      },
      () => {
        if (keptDefault === kept) keptDefault = undefined;
      },
    );
    return value;
  }

  async function planOfShop(shopId: string, trx?: Executor): Promise<LoadedPlan> {
    const row = await repo.findPlanOfShop(shopId, trx);
    if (!row) throw new AppError('NOT_FOUND', 'Shop not found');
    if (row.id === null || row.name === null || row.is_default === null) return builtInDefault;
    return load({ id: row.id, name: row.name, plan: row.plan, is_default: row.is_default });
  }

  /** Where a quote reads areas and the catalogue: the database, or what a batch loaded at once. */
  type Lookup = {
    areas(ids: string[]): Promise<Map<string, Area>>;
    category(id: string): Promise<{ id: string; surcharge_poisha: number } | undefined>;
    variant(id: string, categoryId: string): Promise<{ id: string; surcharge_poisha: number } | undefined>;
  };
  /**
   * The public calculator's lookup: areas from the geography's in-memory snapshot (refreshed by
   * its NOTIFY), the catalogue from the database (only when a category is asked for).
   */
  const publicLookup: Lookup = {
    areas: (ids) => geo.areasFromMemory(ids),
    category: (id) => repo.findCategory(id),
    variant: (id, categoryId) => repo.findVariant(id, categoryId),
  };
  /** The lookup on the pool, or on the caller's transaction when it holds one. */
  const dbLookup = (trx?: Executor): Lookup => ({
    areas: (ids) => geo.findAreas(ids, trx),
    category: (id) => repo.findCategory(id, trx),
    variant: (id, categoryId) => repo.findVariant(id, categoryId, trx),
  });

  async function categoryOf(query: ChargeQuery, lookup: Lookup) {
    const { categoryId, categoryVariantId } = query;
    if (!categoryId) {
      if (categoryVariantId) {
        throw fieldError('VALIDATION_FAILED', 'categoryVariantId', pricingMessages.variantNeedsCategory);
      }
      return {};
    }
    const [category, variant] = await Promise.all([
      lookup.category(categoryId),
      categoryVariantId ? lookup.variant(categoryVariantId, categoryId) : undefined,
    ]);
    if (!category) throw fieldError('VALIDATION_FAILED', 'categoryId', pricingMessages.unknownCategory);
    if (categoryVariantId && !variant) {
      throw fieldError('VALIDATION_FAILED', 'categoryVariantId', pricingMessages.unknownVariant);
    }
    const asCharge = (row: { id: string; surcharge_poisha: number }): ChargeCategory => ({
      id: row.id,
      surchargePoisha: row.surcharge_poisha,
    });
    return { category: asCharge(category), variant: variant ? asCharge(variant) : undefined };
  }

  async function quote(
    loaded: LoadedPlan,
    query: ChargeQuery,
    maxGrams: number,
    lookup: Lookup = dbLookup(),
  ): Promise<ChargeQuote> {
    const weightProblem = checkWeight(query.weight, maxGrams);
    if (weightProblem) {
      throw fieldError(weightProblem.code, 'weight', weightProblem.message, {
        minGrams: weightLimits.minGrams,
        maxGrams,
      });
    }
    const [areas, categories] = await Promise.all([
      lookup.areas([query.pickupAreaId, query.deliveryAreaId]),
      categoryOf(query, lookup),
    ]);
    const pickup = areas.get(query.pickupAreaId);
    const delivery = areas.get(query.deliveryAreaId);
    if (!pickup) throw fieldError('VALIDATION_FAILED', 'pickupAreaId', pricingMessages.unknownPickupArea);
    if (!delivery)
      throw fieldError('VALIDATION_FAILED', 'deliveryAreaId', pricingMessages.unknownDeliveryArea);
    if (!delivery.isCovered) {
      throw fieldError('AREA_NOT_COVERED', 'deliveryAreaId', pricingMessages.areaNotCovered);
    }
    if (!pickup.isCovered) {
      throw fieldError('AREA_NOT_COVERED', 'pickupAreaId', pricingMessages.pickupAreaNotCovered);
    }

    const cls = rateClass(pickup, delivery);
    const charge = computeCharge({
      plan: loaded.plan,
      rateClass: cls,
      weightGrams: query.weight,
      cashPoisha: query.cash * 100,
      exchange: query.exchange,
      ...categories,
    });
    const { breakdown } = charge;
    return {
      deliveryCharge: charge.deliveryCharge,
      codCharge: charge.codCharge,
      totalCharge: charge.totalCharge,
      returnCharge: charge.returnCharge,
      rateClass: cls,
      currency: 'BDT',
      weightGrams: query.weight,
      cash: query.cash,
      pricePlanId: loaded.id,
      pickupDate: pickupDate(clock.now()),
      deliveryPromiseDays: deliveryPromiseDays[cls],
      breakdown: {
        slab: breakdown.slab,
        extraKg: breakdown.extraKg,
        weightCharge: poishaToTaka(breakdown.weightChargePoisha),
        exchangeSurcharge: poishaToTaka(breakdown.exchangeSurchargePoisha),
        categorySurcharge: poishaToTaka(breakdown.categorySurchargePoisha),
        codFee: poishaToTaka(breakdown.codFeePoisha),
      },
    };
  }

  function view(loaded: LoadedPlan): PricePlanView {
    const { plan } = loaded;
    return {
      id: loaded.id,
      name: loaded.name,
      isDefault: loaded.isDefault,
      currency: 'BDT',
      rates: {
        same_city: toTakaCard(plan.rates.same_city),
        suburbs: toTakaCard(plan.rates.suburbs),
        outside: toTakaCard(plan.rates.outside),
      },
      codFeePercent: plan.codFeePercent,
      returnChargePercent: plan.returnChargePercent,
      exchangeSurchargePercent: plan.exchangeSurchargePercent,
      categorySurcharges: toTakaMap(plan.categorySurcharges),
      variantSurcharges: toTakaMap(plan.variantSurcharges),
      deliveryPromiseDays: { ...deliveryPromiseDays },
      pickupCutoff: `${String(pickupCutoffHour).padStart(2, '0')}:00`,
    };
  }

  /**
   * Public quotes as sent, kept per query for one default plan (a new one every few seconds), one
   * geography (its NOTIFY) and one pickup date (issue 16): a quote depends on nothing else.
   */
  let keptQuotes:
    | {
        plan: LoadedPlan;
        areas: number;
        /** The pickup day the answers carry, which holds from `dayFrom` to `dayUntil` (ms). */
        dayFrom: number;
        dayUntil: number;
        answers: Map<string, QuoteBody>;
      }
    | undefined;

  async function publicQuoteBody(input: ChargeQuery): Promise<QuoteBody> {
    const plan = await sharedDefaultPlan();
    // A category's surcharge is read from the database each time: not kept.
    if (input.categoryId || input.categoryVariantId) {
      const answer = await quote(plan, input, weightLimits.calculatorMaxGrams, publicLookup);
      return asQuoteBody(serialiseQuote(answer));
    }
    const areas = geo.areasVersion();
    const at = clock.now().getTime();
    if (
      !keptQuotes ||
      keptQuotes.plan !== plan ||
      keptQuotes.areas !== areas ||
      at < keptQuotes.dayFrom ||
      at >= keptQuotes.dayUntil
    ) {
      const dayUntil = pickupDateChangesAt(new Date(at));
      keptQuotes = { plan, areas, dayFrom: dayUntil - 24 * 3600 * 1000, dayUntil, answers: new Map() };
    }
    const kept = keptQuotes;
    const key = quoteKey(input);
    const hit = kept.answers.get(key);
    if (hit !== undefined) return hit;
    // Refusals (unknown area, weight out of range) are thrown and never kept.
    const body = asQuoteBody(
      serialiseQuote(await quote(plan, input, weightLimits.calculatorMaxGrams, publicLookup)),
    );
    if (kept.answers.size >= maxKeptQuotes) kept.answers.clear();
    kept.answers.set(key, body);
    return body;
  }

  /**
   * A kept public answer, counted against the caller's limit, with no promise and no await, when
   * everything holds at once: the query is an everyday one, its answer is kept under the default
   * plan still in its few seconds, the geography as it is now and this instant's pickup day, and
   * the limiter has a hit in hand for the address. Otherwise undefined, having counted nothing:
   * the caller takes quotePublicBody (issue 16, hot reads).
   */
  function keptPublicBody(input: ChargeQuery, ip: string): QuoteBody | undefined {
    const kept = keptQuotes;
    const plan = keptDefault;
    if (kept === undefined || plan === undefined || input.categoryId || input.categoryVariantId) return;
    const at = clock.now().getTime();
    if (plan.loaded !== kept.plan || at >= plan.expires || at < kept.dayFrom || at >= kept.dayUntil) return;
    if (kept.areas !== geo.areasVersion()) return;
    const hit = kept.answers.get(quoteKey(input));
    if (hit === undefined) return;
    const held = deps.rateLimiter.consumeHeld?.(`charge:ip:${ip}`, deps.limits.chargePerIpPerMinute, 60);
    return held ? hit : undefined;
  }

  return {
    /**
     * The public calculator's answer as the route sends it, counted per IP: the same quote as
     * quotePublic, serialised, and kept while nothing it depends on changed (issue 16).
     */
    async quotePublicBody(input: ChargeQuery & { ip: string }): Promise<QuoteBody> {
      await deps.rateLimiter.consume(`charge:ip:${input.ip}`, deps.limits.chargePerIpPerMinute, 60);
      return publicQuoteBody(input);
    },

    keptPublicBody,

    /** The public calculator: default plan, up to 10 kg, counted per IP. */
    async quotePublic(input: ChargeQuery & { ip: string }): Promise<ChargeQuote> {
      await deps.rateLimiter.consume(`charge:ip:${input.ip}`, deps.limits.chargePerIpPerMinute, 60);
      return quote(await sharedDefaultPlan(), input, weightLimits.calculatorMaxGrams, publicLookup);
    },

    /**
     * The public calculator's quote without the per-IP count: for server-side pages (coverage)
     * that quote several areas for one visitor's request, which is counted where it arrives.
     */
    async quoteDefault(query: ChargeQuery): Promise<ChargeQuote> {
      return quote(await sharedDefaultPlan(), query, weightLimits.calculatorMaxGrams, publicLookup);
    },

    /**
     * A shop's charge: its own plan (or the default), any parcel weight. `trx`: quote inside the
     * caller's transaction (a parcel edit reprices on the row it has locked).
     */
    async quoteForShop(shopId: string, query: ChargeQuery, trx?: Executor): Promise<ChargeQuote> {
      return quote(await planOfShop(shopId, trx), query, weightLimits.parcelMaxGrams, dbLookup(trx));
    },

    /**
     * Many charges of one shop (bulk booking): the plan, the areas and the catalogue entries are
     * read once for all queries, then each query is judged exactly as quoteForShop judges it. Each
     * answer is the quote or the AppError quoteForShop would have thrown.
     */
    async quoteManyForShop(
      shopId: string,
      queries: readonly ChargeQuery[],
    ): Promise<({ quote: ChargeQuote } | { error: AppError })[]> {
      if (queries.length === 0) return [];
      const categoryIds = [...new Set(queries.flatMap((q) => (q.categoryId ? [q.categoryId] : [])))];
      const variantIds = [
        ...new Set(queries.flatMap((q) => (q.categoryVariantId ? [q.categoryVariantId] : []))),
      ];
      const [loaded, areas, categories, variants] = await Promise.all([
        planOfShop(shopId),
        geo.findAreas(queries.flatMap((q) => [q.pickupAreaId, q.deliveryAreaId])),
        repo.findCategories(categoryIds),
        repo.findVariants(variantIds),
      ]);
      const categoryById = new Map(categories.map((c) => [c.id, c]));
      const variantById = new Map(variants.map((v) => [v.id, v]));
      const lookup: Lookup = {
        areas: async (ids) => {
          const found = new Map<string, Area>();
          for (const id of ids) {
            const area = areas.get(id);
            if (area) found.set(id, area);
          }
          return found;
        },
        category: async (id) => categoryById.get(id),
        variant: async (id, categoryId) => {
          const v = variantById.get(id);
          return v && v.category_id === categoryId ? v : undefined;
        },
      };
      const out: ({ quote: ChargeQuote } | { error: AppError })[] = [];
      for (const query of queries) {
        try {
          out.push({ quote: await quote(loaded, query, weightLimits.parcelMaxGrams, lookup) });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          out.push({ error });
        }
      }
      return out;
    },

    async defaultPlanView(): Promise<PricePlanView> {
      return view(await defaultPlan());
    },

    async shopPlanView(shopId: string): Promise<PricePlanView> {
      return view(await planOfShop(shopId));
    },

    /** The catalogue with the surcharges the default plan charges. */
    async listCategories(): Promise<{ items: ParcelCategory[]; count: number }> {
      const [{ categories, variants }, { plan }] = await Promise.all([repo.listCategories(), defaultPlan()]);
      const items = categories.map((c) => ({
        id: c.id,
        nameEn: c.name_en,
        nameBn: c.name_bn,
        surcharge: poishaToTaka(plan.categorySurcharges[c.id] ?? c.surcharge_poisha),
        variants: variants
          .filter((v) => v.category_id === c.id)
          .map((v) => ({
            id: v.id,
            nameEn: v.name_en,
            nameBn: v.name_bn,
            surcharge: poishaToTaka(plan.variantSurcharges[v.id] ?? v.surcharge_poisha),
          })),
      }));
      return { items, count: items.length };
    },
  };
}
