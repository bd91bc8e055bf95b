import { randomInt } from 'node:crypto';
import { type ParcelCreate, parcelMessages } from '@dak/domain/parcel';
import { initialParcelStatus, type ParcelStatus, sellerStatusOf } from '@dak/domain/parcel-status';
import { type ChargeQuote, pickupDate } from '@dak/domain/pricing';
import { newTrackingId } from '@dak/domain/tracking-id';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { CustomersService } from '../customers/customers.service';
import { recordBookingEvents } from '../parcel-transitions/parcel-booking-events';
import type { PickupLocationsService } from '../pickup-locations/pickup-locations.service';
import type { PricingService } from '../pricing/pricing.service';
import { type Idempotency, requestHash } from './idempotency';
import type { ParcelLoader } from './parcel-queries.service';
import { asBodyError, chargeColumnsOf, fieldError, poisha, toParcel } from './parcel-shapes';
import type { ParcelsRepository } from './parcels.repository';

/** A checked booking ready to insert. */
export type BookingItem = {
  body: ParcelCreate;
  quote: ChargeQuote;
  /** Part of an exchange: the return leg. */
  flowType?: 'regular' | 'exchange_return';
  /** The reverse leg booked with its exchange: same customer, already in the address book. */
  skipAddressBook?: boolean;
};

type CheckAnswer = { quote: ChargeQuote } | { error: unknown };

const chargeQueryOf = (pickupAreaId: string, input: ParcelCreate, exchange = false) => ({
  pickupAreaId,
  deliveryAreaId: input.deliveryAreaId,
  weight: input.weightGrams,
  cash: input.cashCollectionAmount,
  categoryId: input.categoryId,
  categoryVariantId: input.categoryVariantId,
  exchange,
});

function checkPhones(input: ParcelCreate) {
  if (input.alternatePhone && input.alternatePhone === input.customerPhone) {
    throw fieldError('alternatePhone', parcelMessages.alternateSamePhone);
  }
}

/** The parcels row of a checked booking, at the first status, charged by its quote. */
function parcelRowOf(
  { body, quote, flowType }: BookingItem,
  booking: { shopId: string; userId: string; now: Date; trackingId: string; status: ParcelStatus },
) {
  const { shopId, userId, now, trackingId, status } = booking;
  return {
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
    status,
    seller_status: sellerStatusOf(status),
    payment_status: 'cash_collection_pending' as const,
    ...chargeColumnsOf(quote),
    pickup_date: pickupDate(now),
    created_by_user_id: userId,
    created_at: now,
    updated_at: now,
  };
}

/**
 * Booking: the checks against the database (pickup location, phones, the charge), the one insert
 * a single booking, an exchange's legs and a bulk confirm all go through, and the single booking
 * itself, idempotent by its key.
 */
export type ParcelBookingDeps = {
  db: Kysely<DB>;
  clock: Clock;
  repo: ParcelsRepository;
  load: ParcelLoader;
  idempotency: Idempotency;
  pickups: PickupLocationsService;
  pricing: PricingService;
  /** The shop's address book, updated in the booking's transaction. */
  customers: Pick<CustomersService, 'recordBookings'>;
  /**
   * Whether the shop's new bookings wait on pickup_hold (issue 13, item 6: it owes more than the
   * limit and prepays its dues); asked in the booking's transaction. Absent: never.
   */
  prepaymentHold?: (trx: Transaction<DB>, shopId: string) => Promise<boolean>;
  /** Uniform integer in [0, max); tests may pass a seeded one. */
  randomInt?: (max: number) => number;
};

export function createParcelBooking(deps: ParcelBookingDeps) {
  const { db, clock, repo, load, idempotency, pickups, pricing, customers } = deps;
  const random = deps.randomInt ?? randomInt;

  /** The booking's pickup location: the shop has an active one, and this one is its and active. */
  async function pickupFor(shopId: string, pickupLocationId: string) {
    if (!(await pickups.hasActivePickupLocation(shopId))) {
      throw new AppError('NO_ACTIVE_PICKUP_LOCATION', parcelMessages.noActivePickupLocation);
    }
    return activePickupLocation(shopId, pickupLocationId);
  }

  /** The shop's own pickup location, and active: else a field error on pickupLocationId. */
  async function activePickupLocation(shopId: string, pickupLocationId: string) {
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
  async function prepareMany(shopId: string, inputs: readonly ParcelCreate[]): Promise<CheckAnswer[]> {
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
    const out: CheckAnswer[] = [];
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
   * in the caller's transaction, a statement per table for all of them: single booking, exchange
   * and bulk confirm all book through here. Returns ids and tracking IDs in input order.
   */
  async function insertBookings(
    trx: Transaction<DB>,
    input: { shopId: string; userId: string; items: readonly BookingItem[]; now: Date },
  ) {
    const { shopId, userId, items, now } = input;
    const status: ParcelStatus = (await deps.prepaymentHold?.(trx, shopId))
      ? 'pickup_hold'
      : initialParcelStatus;
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
        left.map((index) =>
          parcelRowOf(items[index] as BookingItem, {
            shopId,
            userId,
            now,
            trackingId: trackingIds[index] as string,
            status,
          }),
        ),
        trx,
      );
      for (const index of left) ids[index] = inserted.get(trackingIds[index] as string) ?? null;
      left = left.filter((index) => ids[index] === null);
    }
    await recordBookingEvents(trx, ids as string[], {
      at: now,
      actorUserId: userId,
      toStatus: status,
    });
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

  return {
    prepare,
    activePickupLocation,

    /** One checked booking through insertBookings (an exchange books its legs one at a time). */
    async insertBooking(
      trx: Transaction<DB>,
      input: { shopId: string; userId: string; now: Date } & BookingItem,
    ) {
      const { shopId, userId, now, ...item } = input;
      const [booked] = await insertBookings(trx, { shopId, userId, now, items: [item] });
      if (!booked) throw new Error('booking not inserted');
      return booked;
    },

    /**
     * Books a parcel at pickup_pending with its charge and first event. With an Idempotency-Key,
     * a retry of the same body answers with the first parcel (and its first status code) and a
     * different body is refused; two requests racing with one key create one parcel (the key is
     * recorded in the booking's transaction, so the loser rolls back and replays the winner).
     */
    async create(input: { shopId: string; userId: string; body: ParcelCreate; idempotencyKey?: string }) {
      const { shopId, userId, body, idempotencyKey } = input;
      return idempotency.once({
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
    },

    /**
     * Everything booking checks against the database (pickup location, alternate phone, the
     * charge), without booking.
     */
    async check(shopId: string, body: ParcelCreate) {
      return prepare(shopId, body);
    },

    /** check for many bookings of one shop at once: per booking, its quote or the error check throws. */
    async checkMany(shopId: string, bodies: readonly ParcelCreate[]) {
      return prepareMany(shopId, bodies);
    },

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
          if (!last) await repo.commitWithoutWaitingForDisk(trx);
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
  };
}

export type ParcelBooking = ReturnType<typeof createParcelBooking>;
