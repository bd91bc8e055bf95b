import { randomInt } from 'node:crypto';
import {
  type ExchangeCreate,
  type ExchangeResult,
  type Parcel,
  type ParcelCreate,
  type ParcelDetail,
  type ParcelListQuery,
  parcelMessages,
  reverseLegProblem,
} from '@dak/domain/parcel';
import {
  assertTransition,
  canTransition,
  initialParcelStatus,
  type ParcelStatus,
  parcelStatusGroups,
  sellerStatusOf,
  statusGroupOf,
  TransitionError,
} from '@dak/domain/parcel-status';
import { normalizePhone } from '@dak/domain/phone';
import { type ChargeQuote, pickupDate } from '@dak/domain/pricing';
import { newTrackingId, normalizeTrackingId } from '@dak/domain/tracking-id';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { CustomersService } from '../customers/customers.service';
import { recordTransition } from '../parcel-transitions/parcel-transitions.service';
import type { PickupLocationsService } from '../pickup-locations/pickup-locations.service';
import type { PricingService } from '../pricing/pricing.service';
import { createIdempotency, type KeyRecorder, requestHash } from './idempotency';
import type { ParcelEventRow, ParcelListFilter, ParcelRow, ParcelsRepository } from './parcels.repository';

export type ParcelsService = ReturnType<typeof createParcelsService>;

/** Who changed a parcel: a merchant's user, a staff member, or the system (jobs). */
export type Actor =
  | { kind: 'user'; userId: string }
  | { kind: 'staff'; staffId: string }
  | { kind: 'system' };

const taka = (poisha: number) => poisha / 100;
const poisha = (taka: number) => taka * 100;

export function toParcel(row: ParcelRow): Parcel {
  return {
    id: row.id,
    trackingId: row.tracking_id,
    invoiceId: row.invoice_id,
    customerName: row.customer_name,
    customerPhone: row.customer_phone,
    customerAddress: row.customer_address,
    alternatePhone: row.alternate_phone,
    deliveryArea: { id: row.delivery_area_id, nameEn: row.area_name_en, nameBn: row.area_name_bn },
    pickupLocation: { id: row.pickup_location_id, name: row.pickup_location_name },
    categoryId: row.category_id,
    categoryVariantId: row.category_variant_id,
    sellingPrice: taka(row.selling_price_poisha),
    cashCollectionAmount: taka(row.cash_collection_poisha),
    weightGrams: row.weight_grams,
    instructions: row.instructions,
    parcelType: row.parcel_type,
    flowType: row.flow_type,
    status: row.status,
    statusGroup: statusGroupOf(row.status),
    sellerStatus: row.seller_status,
    paymentStatus: row.payment_status,
    charge: {
      deliveryCharge: taka(row.delivery_charge_poisha),
      codCharge: taka(row.cod_charge_poisha),
      totalCharge: taka(row.total_charge_poisha),
      returnCharge: taka(row.return_charge_poisha),
      rateClass: row.rate_class,
    },
    pickupDate: row.pickup_date,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toEvent(row: ParcelEventRow) {
  const actor = row.actor_user_id
    ? { kind: 'user' as const, id: row.actor_user_id }
    : row.actor_staff_id
      ? { kind: 'staff' as const, id: row.actor_staff_id }
      : { kind: 'system' as const, id: null };
  return {
    at: row.at,
    fromStatus: row.from_status,
    toStatus: row.to_status,
    actor,
    reason: row.reason,
    note: row.note,
    hubId: row.hub_id,
  };
}

/** A body field the schema could not judge alone (it needs the database), in the handler's shape. */
export function fieldError(field: string, message: string) {
  return new AppError('VALIDATION_FAILED', message, { fields: [{ path: `body.${field}`, message }] });
}

/** Pricing names its query's fields; booking names the body's. */
const quoteFieldToBody: Record<string, string> = {
  'querystring.weight': 'body.weightGrams',
  'querystring.cash': 'body.cashCollectionAmount',
  'querystring.pickupAreaId': 'body.pickupLocationId',
  'querystring.deliveryAreaId': 'body.deliveryAreaId',
  'querystring.categoryId': 'body.categoryId',
  'querystring.categoryVariantId': 'body.categoryVariantId',
};
export function asBodyError(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  const details = error.details as { fields?: { path: string; message: string }[] } | undefined;
  if (!details?.fields) return error;
  const fields = details.fields.map((f) => ({ ...f, path: quoteFieldToBody[f.path] ?? f.path }));
  return new AppError(error.code, error.message, { ...details, fields });
}

const dhakaDayStart = (date: string) => new Date(`${date}T00:00:00+06:00`);
const isDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);

/** What `q` can mean: a tracking ID, a phone in any spelling, or an invoice ID or part of a name. */
function searchOf(q: string | undefined): ParcelListFilter['search'] {
  const text = q?.trim();
  if (!text) return undefined;
  const trackingId = normalizeTrackingId(text);
  if (trackingId) return { trackingId };
  const phone = normalizePhone(text);
  if (phone) return { phone };
  const digits = text.replace(/[\s+-]/g, '');
  const phoneDigits = /^\d{5,}$/.test(digits) ? digits.replace(/^(?:880|0)/, '') : undefined;
  return { text, phoneDigits };
}

export type BookingResult = { parcel: Parcel; statusCode: number; replayed: boolean };

/** A checked booking ready to insert. */
type BookingItem = {
  body: ParcelCreate;
  quote: ChargeQuote;
  /** Part of an exchange: the return leg. */
  flowType?: 'regular' | 'exchange_return';
  /** The reverse leg booked with its exchange: same customer, already in the address book. */
  skipAddressBook?: boolean;
};

/**
 * Parcel booking, the shop's list and detail, and deletion before pickup. Every status change
 * passes assertTransition and writes its event in the same transaction as the change.
 */
export function createParcelsService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  repo: ParcelsRepository;
  pickups: PickupLocationsService;
  pricing: PricingService;
  /** The shop's address book, updated in the booking's transaction. */
  customers: Pick<CustomersService, 'recordBookings'>;
  /** Uniform integer in [0, max); tests may pass a seeded one. */
  randomInt?: (max: number) => number;
}) {
  const { db, clock, repo, pickups, pricing, customers } = deps;
  const idempotency = createIdempotency(repo);
  const random = deps.randomInt ?? randomInt;

  async function load(
    shopId: string,
    parcelId: string,
    trx: Kysely<DB> | Transaction<DB> = db,
    lock = false,
  ) {
    const row = await repo.find(shopId, parcelId, trx, lock);
    if (!row) throw new AppError('NOT_FOUND', parcelMessages.notFound);
    return row;
  }

  /**
   * The one way a parcel's status changes: the table's gate, the update and the event, in the
   * caller's transaction on a row it has locked (so two changes of one parcel never both win).
   */
  async function changeStatus(
    trx: Transaction<DB>,
    parcel: { id: string; status: ParcelStatus },
    to: ParcelStatus,
    event: { actor: Actor; reason?: string; note?: string; hubId?: string },
  ) {
    // Only the merchant's own moves (deleting before pickup) come through here; operations use
    // the parcel-transitions service. Both write through recordTransition.
    assertTransition(parcel.status, to, { kind: 'merchant' });
    await recordTransition(trx, {
      parcelId: parcel.id,
      from: parcel.status,
      to,
      at: clock.now(),
      actorUserId: event.actor.kind === 'user' ? event.actor.userId : null,
      actorStaffId: event.actor.kind === 'staff' ? event.actor.staffId : null,
      reason: event.reason ?? null,
      note: event.note ?? null,
      hubId: event.hubId ?? null,
    });
  }

  /** The booking's pickup location: the shop has an active one, and this one is its and active. */
  async function pickupFor(shopId: string, pickupLocationId: string) {
    if (!(await pickups.hasActivePickupLocation(shopId))) {
      throw new AppError('NO_ACTIVE_PICKUP_LOCATION', parcelMessages.noActivePickupLocation);
    }
    const location = await pickups.get(shopId, pickupLocationId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'NOT_FOUND') {
        throw fieldError('pickupLocationId', parcelMessages.pickupLocationNotFound);
      }
      throw error;
    });
    if (location.status !== 'active') {
      throw fieldError('pickupLocationId', parcelMessages.pickupLocationInactive);
    }
    return location;
  }

  function checkPhones(input: ParcelCreate) {
    if (input.alternatePhone && input.alternatePhone === input.customerPhone) {
      throw fieldError('alternatePhone', parcelMessages.alternateSamePhone);
    }
  }

  const chargeQueryOf = (pickupAreaId: string, input: ParcelCreate, exchange = false) => ({
    pickupAreaId,
    deliveryAreaId: input.deliveryAreaId,
    weight: input.weightGrams,
    cash: input.cashCollectionAmount,
    categoryId: input.categoryId,
    categoryVariantId: input.categoryVariantId,
    exchange,
  });

  /**
   * The pickup location and the charge: everything a booking checks against the database. An
   * exchange's forward parcel carries the exchange surcharge.
   */
  async function prepare(shopId: string, input: ParcelCreate, exchange = false) {
    const location = await pickupFor(shopId, input.pickupLocationId);
    checkPhones(input);
    const quote: ChargeQuote = await pricing
      .quoteForShop(shopId, chargeQueryOf(location.area.id, input, exchange))
      .catch((error: unknown) => {
        throw asBodyError(error);
      });
    return { location, quote };
  }

  /**
   * prepare for many bookings of one shop, with the same checks in the same order, reading the
   * pickup locations, plan, areas and catalogue once instead of once per booking. Each answer is
   * the quote or the error prepare would have thrown.
   */
  async function prepareMany(
    shopId: string,
    inputs: readonly ParcelCreate[],
  ): Promise<({ quote: ChargeQuote } | { error: unknown })[]> {
    const locations = new Map<string, Promise<{ areaId: string } | { error: unknown }>>();
    for (const id of new Set(inputs.map((i) => i.pickupLocationId))) {
      locations.set(
        id,
        pickupFor(shopId, id).then(
          (l) => ({ areaId: l.area.id }),
          (error: unknown) => {
            if (!(error instanceof AppError)) throw error;
            return { error };
          },
        ),
      );
    }
    const out: ({ quote: ChargeQuote } | { error: unknown })[] = [];
    const pending: { index: number; query: ReturnType<typeof chargeQueryOf> }[] = [];
    for (const [index, input] of inputs.entries()) {
      const location = await locations.get(input.pickupLocationId);
      if (!location) throw new Error('pickup location not looked up');
      if ('error' in location) {
        out.push({ error: location.error });
        continue;
      }
      try {
        checkPhones(input);
      } catch (error) {
        out.push({ error });
        continue;
      }
      out.push({ error: undefined });
      pending.push({ index, query: chargeQueryOf(location.areaId, input) });
    }
    const quotes = await pricing.quoteManyForShop(
      shopId,
      pending.map((p) => p.query),
    );
    for (const [i, p] of pending.entries()) {
      const answer = quotes[i];
      if (!answer) throw new Error('missing quote');
      out[p.index] = 'quote' in answer ? { quote: answer.quote } : { error: asBodyError(answer.error) };
    }
    return out;
  }

  /**
   * Inserts checked bookings (prepare's quotes) with their first events and address-book entries,
   * in the caller's transaction, a statement per table for all of them: single booking and bulk
   * confirm both book through here. Returns ids and tracking IDs in input order.
   */
  async function insertBookings(
    trx: Transaction<DB>,
    input: {
      shopId: string;
      userId: string;
      items: readonly BookingItem[];
      now: Date;
    },
  ) {
    const { shopId, userId, items, now } = input;
    const rowOf = ({ body, quote, flowType }: BookingItem, trackingId: string) => ({
      tracking_id: trackingId,
      shop_id: shopId,
      pickup_location_id: body.pickupLocationId,
      delivery_area_id: body.deliveryAreaId,
      customer_name: body.customerName,
      customer_phone: body.customerPhone,
      customer_address: body.customerAddress,
      alternate_phone: body.alternatePhone ?? null,
      invoice_id: body.invoiceId ?? null,
      category_id: body.categoryId ?? null,
      category_variant_id: body.categoryVariantId ?? null,
      selling_price_poisha: poisha(body.sellingPrice),
      cash_collection_poisha: poisha(body.cashCollectionAmount),
      weight_grams: body.weightGrams,
      instructions: body.instructions ?? null,
      parcel_type: body.parcelType,
      flow_type: flowType ?? 'regular',
      status: initialParcelStatus,
      seller_status: sellerStatusOf(initialParcelStatus),
      payment_status: 'cash_collection_pending' as const,
      delivery_charge_poisha: poisha(quote.deliveryCharge),
      cod_charge_poisha: poisha(quote.codCharge),
      total_charge_poisha: poisha(quote.totalCharge),
      return_charge_poisha: poisha(quote.returnCharge),
      rate_class: quote.rateClass,
      price_plan_id: quote.pricePlanId,
      pickup_date: pickupDate(now),
      created_by_user_id: userId,
      created_at: now,
      updated_at: now,
    });
    const ids: (string | null)[] = items.map(() => null);
    const trackingIds: string[] = items.map(() => '');
    let left = items.map((_, index) => index);
    // A taken tracking ID (1 in 5 × 10¹¹ per parcel) just draws another, for that row alone.
    for (let attempt = 0; left.length > 0; attempt++) {
      if (attempt >= 5) throw new Error('Could not draw a free tracking ID');
      const drawn = new Set<string>();
      for (const index of left) {
        let id = newTrackingId(random);
        while (drawn.has(id)) id = newTrackingId(random);
        drawn.add(id);
        trackingIds[index] = id;
      }
      const inserted = await repo.insertParcels(
        left.map((index) => {
          const item = items[index] as (typeof items)[number];
          return rowOf(item, trackingIds[index] as string);
        }),
        trx,
      );
      for (const index of left) ids[index] = inserted.get(trackingIds[index] as string) ?? null;
      left = left.filter((index) => ids[index] === null);
    }
    await repo.insertFirstEvents(
      ids as string[],
      { at: now, actorUserId: userId, toStatus: initialParcelStatus },
      trx,
    );
    await customers.recordBookings(
      items
        .filter((item) => !item.skipAddressBook)
        .map(({ body }) => ({
          shopId,
          phone: body.customerPhone,
          name: body.customerName,
          address: body.customerAddress,
          deliveryAreaId: body.deliveryAreaId,
          alternatePhone: body.alternatePhone ?? null,
          at: now,
        })),
      trx,
    );
    return ids.map((id, index) => ({ id: id as string, trackingId: trackingIds[index] as string }));
  }

  /** One checked booking through insertBookings (an exchange books its legs one at a time). */
  async function insertBooking(
    trx: Transaction<DB>,
    input: { shopId: string; userId: string; now: Date } & BookingItem,
  ) {
    const { shopId, userId, now, ...item } = input;
    const [booked] = await insertBookings(trx, { shopId, userId, now, items: [item] });
    if (!booked) throw new Error('booking not inserted');
    return booked;
  }

  return {
    /**
     * Books a parcel at pickup_pending with its charge and first event. With an Idempotency-Key,
     * a retry of the same body answers with the first parcel (and its first status code) and a
     * different body is refused; two requests racing with one key create one parcel (the key is
     * recorded in the booking's transaction, so the loser rolls back and replays the winner).
     */
    async create(input: {
      shopId: string;
      userId: string;
      body: ParcelCreate;
      idempotencyKey?: string;
    }): Promise<BookingResult> {
      const { shopId, userId, body, idempotencyKey } = input;
      const { result, statusCode, replayed } = await idempotency.once({
        shopId,
        key: idempotencyKey,
        hash: requestHash(body),
        reusedMessage: parcelMessages.idempotencyKeyReused,
        replay: async (stored) =>
          toParcel(await load(shopId, (stored.response as { parcelId: string }).parcelId)),
        book: async (keys) => {
          const { quote } = await prepare(shopId, body);
          const now = clock.now();
          const parcelId = await db.transaction().execute(async (trx) => {
            const [booked] = await insertBookings(trx, { shopId, userId, items: [{ body, quote }], now });
            const id = booked?.id as string;
            await keys.record(trx, { parcelId: id });
            return id;
          });
          return { result: toParcel(await load(shopId, parcelId)), statusCode: 201 };
        },
      });
      return { parcel: result, statusCode, replayed };
    },

    /**
     * Books an exchange: the forward leg (with the exchange surcharge) and its reverse leg, in one
     * transaction; the reverse leg is booked with it or is an existing reverse parcel of the shop
     * (locked, checked, then linked). isReverseOnly books one reverse parcel. Idempotent like create.
     */
    async createExchange(input: {
      shopId: string;
      userId: string;
      body: ExchangeCreate;
      idempotencyKey?: string;
    }): Promise<{ result: Omit<ExchangeResult, 'message'>; statusCode: number; replayed: boolean }> {
      const { shopId, userId, body, idempotencyKey } = input;
      const loadLegs = async (ids: { forwardId: string | null; reverseId: string }) => ({
        forward: ids.forwardId ? toParcel(await load(shopId, ids.forwardId)) : null,
        reverse: toParcel(await load(shopId, ids.reverseId)),
      });
      return idempotency.once({
        shopId,
        key: idempotencyKey,
        hash: requestHash(body),
        reusedMessage: parcelMessages.idempotencyKeyReused,
        replay: async (stored) => {
          const ids = stored.response as { parcelId?: string | null; reverseId?: string };
          // A single booking's key sent with an exchange.
          if (!ids.reverseId)
            throw new AppError('IDEMPOTENCY_KEY_REUSED', parcelMessages.idempotencyKeyReused);
          return loadLegs({ forwardId: ids.parcelId ?? null, reverseId: ids.reverseId });
        },
        book: async (keys) => ({ result: await loadLegs(await bookExchange(keys)), statusCode: 201 }),
      });

      async function bookExchange(keys: KeyRecorder) {
        const info = body.isReverseOnly
          ? { ...body.forwardParcelInfo, parcelType: 'reverse' as const }
          : body.forwardParcelInfo;
        const { quote } = await prepare(shopId, info, !body.isReverseOnly);
        const free: ChargeQuote = {
          ...quote,
          deliveryCharge: 0,
          codCharge: 0,
          totalCharge: 0,
          returnCharge: 0,
        };
        const now = clock.now();
        try {
          return await db.transaction().execute(async (trx) => {
            let forwardId: string | null = null;
            let reverseId: string;
            if (body.isReverseOnly) {
              reverseId = (await insertBooking(trx, { shopId, userId, body: info, quote, now })).id;
            } else {
              if (body.reverseParcelId) {
                const leg = await repo.find(shopId, body.reverseParcelId, trx, true);
                if (!leg) throw new AppError('NOT_FOUND', parcelMessages.notFound);
                const linked =
                  Boolean(await repo.findForwardOf(leg.id, trx)) || leg.reverse_parcel_id !== null;
                const problem = reverseLegProblem(
                  {
                    parcelType: leg.parcel_type,
                    status: leg.status,
                    customerPhone: leg.customer_phone,
                    linked,
                  },
                  info.customerPhone,
                );
                if (problem === parcelMessages.reverseLegLinked) throw new AppError('CONFLICT', problem);
                if (problem) throw fieldError('reverseParcelId', problem);
                await repo.makeReverseLeg(leg.id, now, trx);
                reverseId = leg.id;
              } else {
                reverseId = (
                  await insertBooking(trx, {
                    shopId,
                    userId,
                    body: { ...info, parcelType: 'reverse', cashCollectionAmount: 0, sellingPrice: 0 },
                    quote: free,
                    now,
                    flowType: 'exchange_return',
                    skipAddressBook: true,
                  })
                ).id;
              }
              forwardId = (
                await insertBooking(trx, {
                  shopId,
                  userId,
                  body: info,
                  quote,
                  now,
                  flowType: 'exchange_return',
                })
              ).id;
              await repo.linkReverse(forwardId, reverseId, trx);
            }
            await keys.record(trx, { parcelId: forwardId, reverseId });
            return { forwardId, reverseId };
          });
        } catch (error) {
          // Two exchanges racing for one reverse parcel: the unique index refuses the second.
          if ((error as { constraint?: string }).constraint === 'parcels_reverse_parcel_idx') {
            throw new AppError('CONFLICT', parcelMessages.reverseLegLinked);
          }
          throw error;
        }
      }
    },

    /**
     * Everything booking checks against the database (pickup location, alternate phone, the
     * charge), without booking: bulk preview and confirm run it on every row.
     */
    async check(shopId: string, body: ParcelCreate) {
      return prepare(shopId, body);
    },

    /** check for many bookings of one shop at once: per booking, its quote or the error check throws. */
    async checkMany(shopId: string, bodies: readonly ParcelCreate[]) {
      return prepareMany(shopId, bodies);
    },

    /** Idempotency-Key for other ways of booking (bulk confirm), the same as create's. */
    once: idempotency.once,

    /**
     * Books checked bookings (each with its quote from check) in row order, `batchSize` per
     * transaction, through the same insert as a single booking. Returns the tracking IDs in order.
     */
    async createMany(input: {
      shopId: string;
      userId: string;
      items: { body: ParcelCreate; quote: ChargeQuote }[];
      batchSize: number;
      /** Runs in the first batch's transaction, after its rows (a bulk confirm claims its key). */
      onFirstBatch?: (trx: Transaction<DB>, batches: number) => Promise<void>;
      /** Runs in the last batch's transaction with every tracking ID (the bulk log row and key). */
      onLastBatch?: (trx: Transaction<DB>, trackingIds: readonly string[]) => Promise<void>;
    }) {
      const now = clock.now();
      const trackingIds: string[] = [];
      for (let start = 0; start < input.items.length; start += input.batchSize) {
        const batch = input.items.slice(start, start + input.batchSize);
        const last = start + input.batchSize >= input.items.length;
        const ids = await db.transaction().execute(async (trx) => {
          // Only the last batch waits for its commit to reach the disk: flushing the WAL up to
          // its commit flushes every earlier batch too, so the answer still comes after all rows
          // are durable, with one flush instead of one per batch.
          if (!last) await sql`set local synchronous_commit = off`.execute(trx);
          const booked = await insertBookings(trx, {
            shopId: input.shopId,
            userId: input.userId,
            items: batch,
            now,
          });
          const out = booked.map((b) => b.trackingId);
          if (start === 0 && input.onFirstBatch) {
            await input.onFirstBatch(trx, Math.ceil(input.items.length / input.batchSize));
          }
          if (last && input.onLastBatch) await input.onLastBatch(trx, [...trackingIds, ...out]);
          return out;
        });
        trackingIds.push(...ids);
      }
      return trackingIds;
    },

    async list(shopId: string, query: ParcelListQuery) {
      const statuses = query.status
        ? query.statusGroup && statusGroupOf(query.status) !== query.statusGroup
          ? []
          : [query.status]
        : query.statusGroup
          ? parcelStatusGroups[query.statusGroup]
          : undefined;
      if (statuses?.length === 0) return { items: [], count: 0 };
      if (query.excludeStatus && statuses?.every((status) => status === query.excludeStatus)) {
        return { items: [], count: 0 };
      }
      const filter: ParcelListFilter = {
        shopId,
        statuses,
        excludeStatus: query.excludeStatus,
        paymentStatus: query.paymentStatus,
        deliveryAreaId: query.deliveryAreaId,
        pickupLocationId: query.pickupLocationId,
        search: searchOf(query.q),
        sort: query.sort === 'createdAt:asc' ? 'asc' : 'desc',
        limit: query.limit,
        offset: query.offset,
      };
      // A date means the whole Dhaka day; an instant means itself.
      if (query.from)
        filter.createdFrom = isDate(query.from) ? dhakaDayStart(query.from) : new Date(query.from);
      if (query.to) {
        if (isDate(query.to)) {
          const next = dhakaDayStart(query.to);
          next.setUTCDate(next.getUTCDate() + 1);
          filter.createdBefore = next;
        } else filter.createdUntil = new Date(query.to);
      }
      const { rows, count } = await repo.list(filter);
      return { items: rows.map(toParcel), count };
    },

    async get(shopId: string, parcelId: string): Promise<ParcelDetail> {
      const row = await load(shopId, parcelId);
      const [events, forward, reverse, hasProofPhoto] = await Promise.all([
        repo.events(row.id),
        repo.findForwardOf(row.id),
        row.reverse_parcel_id ? repo.findBrief(row.reverse_parcel_id) : undefined,
        repo.hasProofPhoto(row.id),
      ]);
      const other = reverse
        ? { role: 'reverse' as const, ...reverse }
        : forward
          ? { role: 'forward' as const, ...forward }
          : null;
      return {
        ...toParcel(row),
        events: events.map(toEvent),
        exchange: other
          ? { role: other.role, id: other.id, trackingId: other.tracking_id, status: other.status }
          : null,
        hasProofPhoto,
      };
    },

    /** The merchant deletes a parcel before pickup: status and seller status become deleted. */
    async remove(input: { shopId: string; parcelId: string; userId: string }) {
      return db.transaction().execute(async (trx) => {
        const row = await load(input.shopId, input.parcelId, trx, true);
        const removeOne = async (parcel: { id: string; status: ParcelStatus }) => {
          await changeStatus(trx, parcel, 'deleted', { actor: { kind: 'user', userId: input.userId } });
          await repo.insertAudit(
            {
              parcel_id: parcel.id,
              at: clock.now(),
              actor_user_id: input.userId,
              actor_staff_id: null,
              action: 'delete',
              field: null,
              old_value: parcel.status,
              new_value: 'deleted',
            },
            trx,
          );
        };
        try {
          await removeOne(row);
          // The return leg of an exchange has no charge of its own: it goes with its forward leg
          // while it is still waiting for pickup (once moving, it finishes its trip).
          if (row.reverse_parcel_id) {
            const leg = await repo.find(input.shopId, row.reverse_parcel_id, trx, true);
            if (leg && leg.flow_type === 'exchange_return' && canTransition(leg.status, 'deleted')) {
              await removeOne(leg);
            }
          }
        } catch (error) {
          if (error instanceof TransitionError && error.refusal === 'illegal') {
            throw new AppError('INVALID_TRANSITION', parcelMessages.notDeletable, { status: row.status });
          }
          throw error;
        }
        return { id: row.id, status: 'deleted' as const, sellerStatus: sellerStatusOf('deleted') };
      });
    },
  };
}
