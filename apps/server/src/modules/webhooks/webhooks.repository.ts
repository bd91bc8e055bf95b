import type { WebhookEvent, WebhookFormat } from '@dak/domain/webhooks';
import { type Kysely, sql } from 'kysely';
import type { DB, Executor } from '../../db/schema';

export type EndpointRow = {
  id: string;
  shop_id: string;
  url: string;
  events: string[];
  format: string;
  secret_encrypted: string;
  status: string;
  disabled_reason: string | null;
  failing_since: Date | null;
  last_delivery_at: Date | null;
  created_at: Date;
};

const endpointColumns = [
  'id',
  'shop_id',
  'url',
  'events',
  'format',
  'secret_encrypted',
  'status',
  'disabled_reason',
  'failing_since',
  'last_delivery_at',
  'created_at',
] as const;

const deliveryColumns = [
  'd.id',
  'd.seq',
  'd.endpoint_id',
  'd.shop_id',
  'd.event_id',
  'd.event',
  'd.tracking_id',
  'd.request_body',
  'd.status',
  'd.attempts',
  'd.response_code',
  'd.response_body',
  'd.duration_ms',
  'd.created_at',
  'd.last_attempt_at',
  'd.next_attempt_at',
] as const;

export type NewDelivery = {
  endpoint_id: string;
  shop_id: string;
  event_id: string;
  event: string;
  tracking_id: string | null;
  request_body: string;
  created_at: Date;
  redelivery_of?: string | null;
};

/** SQL of a shop's webhooks and their delivery log; every method takes an optional transaction. */
export function createWebhooksRepository(db: Kysely<DB>) {
  return {
    /** Serialises endpoint creation per shop, so two creates in parallel count each other. */
    async lockShop(shopId: string, trx: Executor) {
      await trx.selectFrom('shops').select('id').where('id', '=', shopId).forUpdate().execute();
    },

    async liveUrls(shopId: string, trx: Executor = db) {
      const rows = await trx
        .selectFrom('webhook_endpoints')
        .select('url')
        .where('shop_id', '=', shopId)
        .where('deleted_at', 'is', null)
        .execute();
      return rows.map((r) => r.url);
    },

    async insertEndpoint(
      values: {
        id: string;
        shop_id: string;
        url: string;
        events: WebhookEvent[];
        format: WebhookFormat;
        secret_encrypted: string;
        created_by_user_id: string;
        created_at: Date;
      },
      trx: Executor = db,
    ) {
      await trx.insertInto('webhook_endpoints').values(values).execute();
    },

    /** The shop's live endpoints, oldest first. */
    list(shopId: string, trx: Executor = db): Promise<EndpointRow[]> {
      return trx
        .selectFrom('webhook_endpoints')
        .select(endpointColumns)
        .where('shop_id', '=', shopId)
        .where('deleted_at', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    find(shopId: string, id: string, trx: Executor = db): Promise<EndpointRow | undefined> {
      return trx
        .selectFrom('webhook_endpoints')
        .select(endpointColumns)
        .where('shop_id', '=', shopId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    async update(
      shopId: string,
      id: string,
      values: {
        events?: WebhookEvent[];
        format?: WebhookFormat;
        status?: 'active' | 'disabled';
        disabled_reason?: 'owner' | 'failing' | null;
        disabled_at?: Date | null;
        failing_since?: Date | null;
      },
      trx: Executor = db,
    ) {
      const result = await trx
        .updateTable('webhook_endpoints')
        .set(values)
        .where('shop_id', '=', shopId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async softDelete(shopId: string, id: string, at: Date, trx: Executor = db) {
      const row = await trx
        .updateTable('webhook_endpoints')
        .set({ deleted_at: at })
        .where('shop_id', '=', shopId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .returning('deleted_at')
        .executeTakeFirst();
      return row?.deleted_at ?? null;
    },

    /** The shop's active endpoints that subscribe to an event: the fan-out's one read per event. */
    subscribers(shopId: string, event: WebhookEvent, trx: Executor) {
      return trx
        .selectFrom('webhook_endpoints')
        .select(['id', 'format'])
        .where('shop_id', '=', shopId)
        .where('deleted_at', 'is', null)
        .where('status', '=', 'active')
        .where(sql<boolean>`${event} = any(events)`)
        .execute();
    },

    /** The active subscribers of the shop of a parcel (a move knows the parcel, not always its shop). */
    parcelSubscribers(parcelId: string, event: WebhookEvent, trx: Executor) {
      return trx
        .selectFrom('webhook_endpoints as e')
        .innerJoin('parcels as p', 'p.shop_id', 'e.shop_id')
        .select(['e.id', 'e.format', 'e.shop_id'])
        .where('p.id', '=', parcelId)
        .where('e.deleted_at', 'is', null)
        .where('e.status', '=', 'active')
        .where(sql<boolean>`${event} = any(e.events)`)
        .execute();
    },

    /** What a parcel's webhook says besides the move itself. */
    parcelFacts(parcelId: string, hubId: string | null, trx: Executor) {
      return trx
        .selectFrom('parcels as p')
        .leftJoin('hubs as h', (join) => join.on('h.id', '=', hubId))
        .select([
          'p.tracking_id',
          'p.invoice_id',
          'p.cash_collection_poisha',
          'p.total_charge_poisha',
          'p.amount_collected_poisha',
          'h.id as hub_id',
          'h.name_en as hub_name',
        ])
        .where('p.id', '=', parcelId)
        .executeTakeFirstOrThrow();
    },

    async insertDeliveries(rows: NewDelivery[], trx: Executor) {
      if (rows.length === 0) return [];
      const inserted = await trx.insertInto('webhook_deliveries').values(rows).returning('id').execute();
      return inserted.map((r) => r.id);
    },

    /** One delivery of the shop's endpoint (the log's row, for redelivery). */
    findDelivery(shopId: string, endpointId: string, id: string, trx: Executor = db) {
      return trx
        .selectFrom('webhook_deliveries as d')
        .select(deliveryColumns)
        .where('d.shop_id', '=', shopId)
        .where('d.endpoint_id', '=', endpointId)
        .where('d.id', '=', id)
        .executeTakeFirst();
    },

    /** An endpoint's log, newest first, a page of `limit` before the cursor (a seq). */
    deliveries(endpointId: string, page: { before: string | null; limit: number }, trx: Executor = db) {
      let q = trx
        .selectFrom('webhook_deliveries as d')
        .select(deliveryColumns)
        .where('d.endpoint_id', '=', endpointId);
      if (page.before !== null) q = q.where('d.seq', '<', Number(page.before));
      return q.orderBy('d.seq', 'desc').limit(page.limit).execute();
    },

    /**
     * Takes a delivery for one attempt: only while it waits (pending, or retrying and due) and no
     * other worker holds it. Answers what the attempt needs: the body, the endpoint (URL, secret,
     * whether it may still be sent to), when the delivery was made, the attempt's number.
     */
    claim(id: string, now: Date, lockedUntil: Date, trx: Executor = db) {
      return trx
        .updateTable('webhook_deliveries as d')
        .from('webhook_endpoints as e')
        .set((eb) => ({
          locked_until: lockedUntil,
          attempts: eb('d.attempts', '+', 1),
          last_attempt_at: now,
          // A worker that dies mid-send leaves the delivery due again once its claim runs out.
          next_attempt_at: lockedUntil,
        }))
        .whereRef('e.id', '=', 'd.endpoint_id')
        .where('d.id', '=', id)
        .where((eb) =>
          eb.or([
            eb.and([eb('d.status', '=', 'pending'), eb('d.next_attempt_at', 'is', null)]),
            eb.and([eb('d.status', 'in', ['pending', 'retrying']), eb('d.next_attempt_at', '<=', now)]),
          ]),
        )
        .where((eb) => eb.or([eb('d.locked_until', 'is', null), eb('d.locked_until', '<', now)]))
        .returning([
          'd.id',
          'd.shop_id',
          'd.event',
          'd.event_id',
          'd.request_body',
          'd.attempts',
          'd.created_at',
          'e.id as endpoint_id',
          'e.url',
          'e.secret_encrypted',
          'e.status as endpoint_status',
          'e.deleted_at as endpoint_deleted_at',
        ])
        .executeTakeFirst();
    },

    /** The attempt's outcome; the claim is let go. */
    async recordAttempt(
      id: string,
      outcome: {
        status: 'succeeded' | 'retrying' | 'failed';
        response_code: number | null;
        response_body: string | null;
        duration_ms: number | null;
        next_attempt_at: Date | null;
      },
      trx: Executor = db,
    ) {
      await trx
        .updateTable('webhook_deliveries')
        .set({ ...outcome, locked_until: null })
        .where('id', '=', id)
        .execute();
    },

    /** After a success: the endpoint is healthy again. */
    async endpointSucceeded(id: string, at: Date, trx: Executor = db) {
      await trx
        .updateTable('webhook_endpoints')
        .set({ failing_since: null, last_delivery_at: at })
        .where('id', '=', id)
        .execute();
    },

    /** After a failure: failing since now unless it already was; answers since when. */
    async endpointFailed(id: string, at: Date, trx: Executor = db) {
      const row = await trx
        .updateTable('webhook_endpoints')
        .set((eb) => ({
          failing_since: eb.fn.coalesce('failing_since', sql<Date>`${at}::timestamptz`),
          last_delivery_at: at,
        }))
        .where('id', '=', id)
        .returning(['failing_since'])
        .executeTakeFirst();
      return row?.failing_since ?? null;
    },

    /** Disables an active endpoint that has failed since before `failingBefore`; answers it if so. */
    disableFailing(id: string, failingBefore: Date, at: Date, trx: Executor) {
      return trx
        .updateTable('webhook_endpoints')
        .set({ status: 'disabled', disabled_reason: 'failing', disabled_at: at })
        .where('id', '=', id)
        .where('status', '=', 'active')
        .where('deleted_at', 'is', null)
        .where('failing_since', '<=', failingBefore)
        .returning(['id', 'shop_id', 'url'])
        .executeTakeFirst();
    },

    /**
     * Deliveries whose next attempt is due (oldest first), not held by a worker: retries, and
     * attempts whose worker died mid-send (their claim ran out).
     */
    async due(now: Date, limit: number, trx: Executor = db) {
      const rows = await trx
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('status', 'in', ['pending', 'retrying'])
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .orderBy('next_attempt_at')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },
  };
}
export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
