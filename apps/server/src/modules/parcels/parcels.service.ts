import { createHash, randomInt } from 'node:crypto';
import {
  type Parcel,
  type ParcelCreate,
  type ParcelDetail,
  type ParcelListQuery,
  parcelMessages,
} from '@dak/domain/parcel';
import {
  assertTransition,
  InvalidTransitionError,
  initialParcelStatus,
  type ParcelStatus,
  parcelStatusGroups,
  sellerStatusOf,
  statusGroupOf,
} from '@dak/domain/parcel-status';
import { normalizePhone } from '@dak/domain/phone';
import { type ChargeQuote, pickupDate } from '@dak/domain/pricing';
import { newTrackingId, normalizeTrackingId } from '@dak/domain/tracking-id';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { CustomersService } from '../customers/customers.service';
import { recordTransition } from '../parcel-transitions/parcel-transitions.service';
import type { PickupLocationsService } from '../pickup-locations/pickup-locations.service';
import type { PricingService } from '../pricing/pricing.service';
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

/** JSON with keys in order, so one body always hashes the same. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
const requestHash = (body: ParcelCreate) => createHash('sha256').update(stableJson(body)).digest('hex');

/** Thrown inside the booking transaction when a concurrent request recorded the same key first. */
class KeyTaken extends Error {}

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
  customers: Pick<CustomersService, 'recordBooking'>;
  /** Uniform integer in [0, max); tests may pass a seeded one. */
  randomInt?: (max: number) => number;
}) {
  const { db, clock, repo, pickups, pricing, customers } = deps;
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

  /** The pickup location and the charge: everything a booking checks against the database. */
  async function prepare(shopId: string, input: ParcelCreate) {
    if (!(await pickups.hasActivePickupLocation(shopId))) {
      throw new AppError('NO_ACTIVE_PICKUP_LOCATION', parcelMessages.noActivePickupLocation);
    }
    const location = await pickups.get(shopId, input.pickupLocationId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'NOT_FOUND') {
        throw fieldError('pickupLocationId', parcelMessages.pickupLocationNotFound);
      }
      throw error;
    });
    if (location.status !== 'active') {
      throw fieldError('pickupLocationId', parcelMessages.pickupLocationInactive);
    }
    if (input.alternatePhone && input.alternatePhone === input.customerPhone) {
      throw fieldError('alternatePhone', parcelMessages.alternateSamePhone);
    }
    const quote: ChargeQuote = await pricing
      .quoteForShop(shopId, {
        pickupAreaId: location.area.id,
        deliveryAreaId: input.deliveryAreaId,
        weight: input.weightGrams,
        cash: input.cashCollectionAmount,
        categoryId: input.categoryId,
        categoryVariantId: input.categoryVariantId,
        exchange: false,
      })
      .catch((error: unknown) => {
        throw asBodyError(error);
      });
    return { location, quote };
  }

  /**
   * Inserts one checked booking (prepare's quote) with its first event and the address-book entry,
   * in the caller's transaction: single booking and bulk confirm both book through here.
   */
  async function insertBooking(
    trx: Transaction<DB>,
    input: { shopId: string; userId: string; body: ParcelCreate; quote: ChargeQuote; now: Date },
  ) {
    const { shopId, userId, body, quote, now } = input;
    let id: string | null = null;
    let trackingId = '';
    // A taken tracking ID (1 in 5 × 10¹¹ per parcel) just draws another.
    for (let attempt = 0; !id; attempt++) {
      if (attempt >= 5) throw new Error('Could not draw a free tracking ID');
      trackingId = newTrackingId(random);
      id = await repo.insertParcel(
        {
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
          flow_type: 'regular',
          status: initialParcelStatus,
          seller_status: sellerStatusOf(initialParcelStatus),
          payment_status: 'cash_collection_pending',
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
        },
        trx,
      );
    }
    await repo.insertEvent(
      {
        parcel_id: id,
        at: now,
        actor_user_id: userId,
        actor_staff_id: null,
        from_status: null,
        to_status: initialParcelStatus,
        reason: null,
        note: null,
        hub_id: null,
      },
      trx,
    );
    await customers.recordBooking(
      {
        shopId,
        phone: body.customerPhone,
        name: body.customerName,
        address: body.customerAddress,
        deliveryAreaId: body.deliveryAreaId,
        alternatePhone: body.alternatePhone ?? null,
        at: now,
      },
      trx,
    );
    return { id, trackingId };
  }

  async function replay(shopId: string, stored: { request_hash: string; response: unknown }, hash: string) {
    if (stored.request_hash !== hash) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', parcelMessages.idempotencyKeyReused);
    }
    const { parcelId } = stored.response as { parcelId: string };
    return toParcel(await load(shopId, parcelId));
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
      const hash = requestHash(body);
      if (idempotencyKey) {
        const stored = await repo.findIdempotencyKey(shopId, idempotencyKey);
        if (stored)
          return {
            parcel: await replay(shopId, stored, hash),
            statusCode: stored.status_code,
            replayed: true,
          };
      }

      const { quote } = await prepare(shopId, body);
      const now = clock.now();
      try {
        const parcelId = await db.transaction().execute(async (trx) => {
          const { id } = await insertBooking(trx, { shopId, userId, body, quote, now });
          if (idempotencyKey) {
            const recorded = await repo.insertIdempotencyKey(
              {
                shop_id: shopId,
                key: idempotencyKey,
                request_hash: hash,
                status_code: 201,
                response: JSON.stringify({ parcelId: id }),
              },
              trx,
            );
            if (!recorded) throw new KeyTaken();
          }
          return id;
        });
        return { parcel: toParcel(await load(shopId, parcelId)), statusCode: 201, replayed: false };
      } catch (error) {
        if (!(error instanceof KeyTaken) || !idempotencyKey) throw error;
        const stored = await repo.findIdempotencyKey(shopId, idempotencyKey);
        if (!stored) throw error;
        return { parcel: await replay(shopId, stored, hash), statusCode: stored.status_code, replayed: true };
      }
    },

    /**
     * Everything booking checks against the database (pickup location, alternate phone, the
     * charge), without booking: bulk preview and confirm run it on every row.
     */
    async check(shopId: string, body: ParcelCreate) {
      return prepare(shopId, body);
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
      /** Runs in the last batch's transaction (the bulk log row). */
      onLastBatch?: (trx: Transaction<DB>) => Promise<void>;
    }) {
      const now = clock.now();
      const trackingIds: string[] = [];
      for (let start = 0; start < input.items.length; start += input.batchSize) {
        const batch = input.items.slice(start, start + input.batchSize);
        const last = start + input.batchSize >= input.items.length;
        const ids = await db.transaction().execute(async (trx) => {
          const out: string[] = [];
          for (const item of batch) {
            const { trackingId } = await insertBooking(trx, {
              shopId: input.shopId,
              userId: input.userId,
              body: item.body,
              quote: item.quote,
              now,
            });
            out.push(trackingId);
          }
          if (last && input.onLastBatch) await input.onLastBatch(trx);
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
      const filter: ParcelListFilter = {
        shopId,
        statuses,
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
      const events = await repo.events(row.id);
      return { ...toParcel(row), events: events.map(toEvent) };
    },

    /** The merchant deletes a parcel before pickup: status and seller status become deleted. */
    async remove(input: { shopId: string; parcelId: string; userId: string }) {
      return db.transaction().execute(async (trx) => {
        const row = await load(input.shopId, input.parcelId, trx, true);
        try {
          await changeStatus(trx, row, 'deleted', { actor: { kind: 'user', userId: input.userId } });
          await repo.insertAudit(
            {
              parcel_id: row.id,
              at: clock.now(),
              actor_user_id: input.userId,
              actor_staff_id: null,
              action: 'delete',
              field: null,
              old_value: row.status,
              new_value: 'deleted',
            },
            trx,
          );
        } catch (error) {
          if (error instanceof InvalidTransitionError) {
            throw new AppError('INVALID_TRANSITION', parcelMessages.notDeletable, { status: row.status });
          }
          throw error;
        }
        return { id: row.id, status: 'deleted' as const, sellerStatus: sellerStatusOf('deleted') };
      });
    },
  };
}
