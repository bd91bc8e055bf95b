import {
  type RedxArea,
  type RedxParcelCreate,
  type RedxParcelInfo,
  type RedxParcelUpdate,
  type RedxPickupStore,
  redxAreaNames,
  redxBookingOf,
  redxDeliveryTypeOf,
  redxDistrictMatches,
  redxMessages,
  redxNotCancellableMessage,
  redxNumericId,
  redxPhone,
  redxStatusOf,
} from '@dak/domain/compat/redx';
import { compatNumberIndex, compatNumberOf } from '@dak/domain/compat-ids';
import { trackingMessage } from '@dak/domain/operations';
import { parcelCreateSchema } from '@dak/domain/parcel';
import type { ParcelStatus } from '@dak/domain/parcel-status';
import { chargeQuerySchema } from '@dak/domain/pricing';
import { type PickupLocation, pickupLocationCreateSchema } from '@dak/domain/shop';
import { normalizeTrackingId } from '@dak/domain/tracking-id';
import type { z } from 'zod';
import { AppError } from '../../errors';
import type { PostcodeRow } from '../address-prediction/address-gazetteer';
import type { ParcelsService } from '../parcels/parcels.service';
import type { PickupLocationsService } from '../pickup-locations/pickup-locations.service';
import type { PricingService } from '../pricing/pricing.service';
import type { CompatRedxRepository } from './compat-redx.repository';

type AreaRow = Awaited<ReturnType<CompatRedxRepository['areas']>>[number];

/** The geography as RedX shows it, built from the areas and the post office list. */
type AreaIndex = {
  rows: AreaRow[];
  /** RedX's number of an area → the area (every area: pricing judges coverage with its message). */
  byNumber: Map<number, AreaRow>;
  /** The area as GET /areas lists it, by Dak area id. */
  view: Map<string, RedxArea>;
  /** Post code → the areas it serves. */
  postcodeAreas: Map<string, string[]>;
};

/**
 * Staff change coverage and names rarely; a client lists areas often and every booking resolves
 * one. The index is kept this long (a coverage change shows within it).
 */
const areaIndexTtlMs = 60_000;

/** Schema issues as the error handler's fields (paths in Dak's names; the RedX renderer maps them). */
function validationError(issues: z.core.$ZodIssue[]) {
  const fields = issues.map((i) => ({ path: ['body', ...i.path.map(String)].join('.'), message: i.message }));
  return new AppError('VALIDATION_FAILED', fields[0]?.message ?? 'Invalid request', { fields });
}

function fieldError(field: string, message: string) {
  return new AppError('VALIDATION_FAILED', message, { fields: [{ path: `body.${field}`, message }] });
}

const taka = (poisha: number) => Number(poisha) / 100;

/**
 * The RedX-compatible API (issue 15, item 4): RedX's calls mapped onto Dak's own services. A
 * booking is the parcels service's create (the same checks, charge, events and Idempotency-Key as
 * the panel's), a cancel its delete before pickup, a pickup store a pickup location, a charge the
 * shop's plan. Numeric ids are derived from Dak's (compat-ids), never stored.
 */
export function createCompatRedxService(deps: {
  repo: CompatRedxRepository;
  parcels: Pick<ParcelsService, 'create' | 'remove'>;
  pickups: Pick<PickupLocationsService, 'list' | 'create'>;
  pricing: Pick<PricingService, 'quoteForShop'>;
  loadPostcodes: () => Promise<PostcodeRow[]>;
  now?: () => number;
}) {
  const { repo, parcels, pickups, pricing } = deps;
  const now = deps.now ?? Date.now;
  let cached: { expires: number; value: Promise<AreaIndex> } | undefined;

  async function buildIndex(): Promise<AreaIndex> {
    const [rows, postcodes] = await Promise.all([repo.areas(), deps.loadPostcodes()]);
    const known = new Set(rows.map((r) => r.id));
    const postcodeAreas = new Map<string, string[]>();
    const firstPostcode = new Map<string, string>();
    for (const p of postcodes) {
      const ids = p.area_ids.filter((id) => known.has(id));
      postcodeAreas.set(p.postcode, ids);
      for (const id of ids) if (!firstPostcode.has(id)) firstPostcode.set(id, p.postcode);
    }
    // An area's own postcode counts even where the post office list does not name it.
    for (const r of rows) {
      if (!r.postcode) continue;
      const ids = postcodeAreas.get(r.postcode) ?? [];
      if (!ids.includes(r.id)) postcodeAreas.set(r.postcode, [...ids, r.id]);
    }
    const numbers = compatNumberIndex(rows.map((r) => r.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const byNumber = new Map([...numbers].map(([n, id]) => [n, byId.get(id) as AreaRow]));
    const names = redxAreaNames(
      rows.map((r) => ({ id: r.id, nameEn: r.name_en, districtNameEn: r.district_name_en, kind: r.kind })),
    );
    const view = new Map<string, RedxArea>();
    for (const r of rows) {
      const code = r.postcode ?? firstPostcode.get(r.id);
      view.set(r.id, {
        id: compatNumberOf(r.id),
        name: names.get(r.id) ?? r.name_en,
        post_code: code && /^\d+$/.test(code) ? Number(code) : null,
        division_name: r.division_name_en,
        zone_id: compatNumberOf(r.zone_id),
      });
    }
    return { rows, byNumber, view, postcodeAreas };
  }

  function index(): Promise<AreaIndex> {
    if (cached && cached.expires > now()) return cached.value;
    const value = buildIndex();
    cached = { expires: now() + areaIndexTtlMs, value };
    value.catch(() => {
      if (cached?.value === value) cached = undefined;
    });
    return value;
  }

  /** A RedX area number → the Dak area id, or the field's error. */
  async function areaIdOf(value: unknown, field: string, message: string): Promise<string> {
    const n = redxNumericId(value);
    const area = n === null ? undefined : (await index()).byNumber.get(n);
    if (!area) throw fieldError(field, message);
    return area.id;
  }

  /** Every pickup location of the shop (active or not), newest first. */
  async function locationsOf(shopId: string): Promise<PickupLocation[]> {
    return (await pickups.list({ shopId, limit: 1000, offset: 0 })).items;
  }

  async function storeOf(location: PickupLocation): Promise<RedxPickupStore> {
    const area = (await index()).view.get(location.area.id);
    return {
      id: compatNumberOf(location.id),
      name: location.name,
      address: location.address,
      area_name: area?.name ?? location.area.nameEn,
      area_id: compatNumberOf(location.area.id),
      phone: location.phone,
      created_at: new Date(location.createdAt).toISOString(),
    };
  }

  /**
   * The pickup location a RedX parcel names, or (none named) the shop's oldest active one: the
   * store RedX would call the default. A number that is none of the shop's (the shop id, say) is
   * refused by name rather than failing inside.
   */
  async function pickupLocationIdOf(shopId: string, value: unknown): Promise<string> {
    const locations = await locationsOf(shopId);
    if (value === undefined || value === null || value === '') {
      const oldest = locations.filter((l) => l.status === 'active').at(-1);
      if (!oldest) throw new AppError('NO_ACTIVE_PICKUP_LOCATION', redxMessages.noPickupStore);
      return oldest.id;
    }
    const n = redxNumericId(value);
    const id = n === null ? undefined : compatNumberIndex(locations.map((l) => l.id)).get(n);
    if (!id) throw fieldError('pickup_store_id', redxMessages.pickupStoreNotFound);
    return id;
  }

  async function parcelOf(shopId: string, trackingId: string) {
    const id = normalizeTrackingId(trackingId);
    const row = id ? await repo.parcelInfo(shopId, id) : undefined;
    if (!row) throw new AppError('NOT_FOUND', redxMessages.parcelNotFound);
    return row;
  }

  return {
    /** GET /areas: the covered areas, all or by post code or district name (any known spelling). */
    async areas(query: { post_code?: string; district_name?: string }): Promise<{ areas: RedxArea[] }> {
      const { rows, view, postcodeAreas } = await index();
      let chosen = rows.filter((r) => r.is_covered);
      if (query.post_code) {
        const ids = new Set(postcodeAreas.get(query.post_code.trim()) ?? []);
        chosen = chosen.filter((r) => ids.has(r.id));
      }
      if (query.district_name) {
        const name = query.district_name;
        chosen = chosen.filter((r) =>
          redxDistrictMatches(name, {
            id: r.district_id,
            nameEn: r.district_name_en,
            nameBn: r.district_name_bn,
            aliases: r.district_aliases,
          }),
        );
      }
      return { areas: chosen.map((r) => view.get(r.id) as RedxArea) };
    },

    /** POST /parcel: the RedX body mapped to a Dak booking and booked by the parcels service. */
    async createParcel(input: {
      shopId: string;
      userId: string;
      body: RedxParcelCreate;
      idempotencyKey?: string;
    }) {
      const { shopId, userId, body } = input;
      const deliveryAreaId = await areaIdOf(
        body.delivery_area_id,
        'delivery_area_id',
        redxMessages.areaNotFound,
      );
      const pickupLocationId = await pickupLocationIdOf(shopId, body.pickup_store_id);
      const parsed = parcelCreateSchema.safeParse(redxBookingOf(body, { deliveryAreaId, pickupLocationId }));
      if (!parsed.success) throw validationError(parsed.error.issues);
      const outcome = await parcels.create({
        shopId,
        userId,
        body: parsed.data,
        idempotencyKey: input.idempotencyKey,
      });
      return { tracking_id: outcome.result.trackingId, replayed: outcome.replayed };
    },

    /** GET /parcel/info/:tracking_id: the shop's parcel in RedX's shape. */
    async parcelInfo(shopId: string, trackingId: string): Promise<RedxParcelInfo> {
      const row = await parcelOf(shopId, trackingId);
      const { view } = await index();
      const status = row.status as ParcelStatus;
      const invoice = row.invoice_id ?? '';
      return {
        parcel: {
          tracking_id: row.tracking_id,
          customer_address: row.customer_address,
          delivery_area: view.get(row.delivery_area_id)?.name ?? row.delivery_area_name_en,
          delivery_area_id: compatNumberOf(row.delivery_area_id),
          charge: taka(row.delivery_charge_poisha),
          customer_name: row.customer_name,
          customer_phone: redxPhone(row.customer_phone),
          cash_collection_amount: taka(row.cash_collection_poisha),
          parcel_weight: row.weight_grams,
          merchant_invoice_id: invoice,
          tenant_invoice_id: invoice,
          status: redxStatusOf[status],
          instruction: row.instructions ?? '',
          created_at: new Date(row.created_at).toISOString(),
          delivery_type: redxDeliveryTypeOf({
            parcelType: row.parcel_type,
            flowType: row.flow_type,
            hasReverseLeg: row.reverse_parcel_id !== null,
            status,
            cashToCollectPoisha: Number(row.cash_collection_poisha),
            amountCollectedPoisha:
              row.amount_collected_poisha === null ? null : Number(row.amount_collected_poisha),
          }),
          value: String(taka(row.selling_price_poisha)),
          pickup_location: {
            id: compatNumberOf(row.pickup_location_id),
            name: row.pickup_name,
            address: row.pickup_address,
            area_name: view.get(row.pickup_area_id)?.name ?? row.pickup_area_name_en,
            area_id: compatNumberOf(row.pickup_area_id),
          },
        },
      };
    },

    /** GET /parcel/track/:tracking_id: the parcel's events with Dak's tracking messages in both languages. */
    async track(shopId: string, trackingId: string) {
      const row = await parcelOf(shopId, trackingId);
      const events = await repo.events(row.id);
      return {
        tracking: events.map((e) => {
          const message = trackingMessage(e.to_status as ParcelStatus, e.reason, e.note);
          return { message_en: message.en, message_bn: message.bn, time: new Date(e.at).toISOString() };
        }),
      };
    },

    /**
     * PATCH /parcels: RedX's cancel is Dak's delete before pickup (the merchant's own move), its
     * reason kept as the event's note. A parcel already cancelled answers as accepted again (a
     * retried request); one that has left pickup is refused in RedX's words.
     */
    async update(input: { shopId: string; userId: string; body: RedxParcelUpdate }) {
      const { shopId, userId, body } = input;
      if (body.entity_type !== 'parcel-tracking-id') {
        throw fieldError('entity_type', redxMessages.entityTypeUnsupported);
      }
      const details = body.update_details;
      if (details.property_name !== 'status' || details.new_value.trim().toLowerCase() !== 'cancelled') {
        throw fieldError('update_details', redxMessages.updateUnsupported);
      }
      const row = await parcelOf(shopId, body.entity_id);
      const status = row.status as ParcelStatus;
      if (redxStatusOf[status] === 'cancelled') {
        return { success: true, message: redxMessages.requestAccepted };
      }
      try {
        await parcels.remove({ shopId, userId, parcelId: row.id, note: details.reason?.trim() || null });
      } catch (error) {
        if (error instanceof AppError && error.code === 'INVALID_TRANSITION') {
          throw new AppError('INVALID_TRANSITION', redxNotCancellableMessage(redxStatusOf[status]), {
            status: redxStatusOf[status],
          });
        }
        throw error;
      }
      return { success: true, message: redxMessages.requestAccepted };
    },

    async pickupStores(shopId: string) {
      const active = (await locationsOf(shopId)).filter((l) => l.status === 'active');
      return { pickup_stores: await Promise.all(active.map(storeOf)) };
    },

    /** One of the shop's pickup stores by RedX number (an inactive one too: old parcels name it). */
    async pickupStore(shopId: string, value: string) {
      const locations = await locationsOf(shopId);
      const n = redxNumericId(value);
      const id = n === null ? undefined : compatNumberIndex(locations.map((l) => l.id)).get(n);
      const location = locations.find((l) => l.id === id);
      if (!location) throw new AppError('NOT_FOUND', redxMessages.pickupStoreNotFound);
      return { pickup_store: await storeOf(location) };
    },

    /** POST /pickup/store: a new active pickup location of the shop, by Dak's pickup location rules. */
    async createPickupStore(input: { shopId: string; userId: string; body: Record<string, unknown> }) {
      const { shopId, userId, body } = input;
      const areaId = await areaIdOf(body.area_id, 'area_id', redxMessages.storeAreaNotFound);
      const text = (v: unknown) => (v === undefined || v === null ? undefined : String(v));
      const parsed = pickupLocationCreateSchema.safeParse({
        name: text(body.name),
        phone: text(body.phone),
        address: text(body.address),
        areaId,
      });
      if (!parsed.success) throw validationError(parsed.error.issues);
      const created = await pickups.create({ ...parsed.data, shopId, userId });
      const { created_at: _, ...store } = await storeOf(created);
      return store;
    },

    /** GET /charge/charge_calculator: the shop's own plan, ids as RedX numbers, weight in grams. */
    async charge(shopId: string, query: Record<string, string | undefined>) {
      const deliveryAreaId = await areaIdOf(
        query.delivery_area_id,
        'delivery_area_id',
        redxMessages.areaNotFound,
      );
      const pickupAreaId = await areaIdOf(
        query.pickup_area_id,
        'pickup_area_id',
        redxMessages.pickupAreaNotFound,
      );
      const cash = query.cash_collection_amount?.trim().replace(/^(\d+)\.0+$/, '$1');
      const parsed = chargeQuerySchema.safeParse({
        pickupAreaId,
        deliveryAreaId,
        weight: query.weight,
        cash,
      });
      if (!parsed.success) throw validationError(parsed.error.issues);
      const quote = await pricing.quoteForShop(shopId, parsed.data);
      return { deliveryCharge: quote.deliveryCharge, codCharge: quote.codCharge };
    },
  };
}

export type CompatRedxService = ReturnType<typeof createCompatRedxService>;
