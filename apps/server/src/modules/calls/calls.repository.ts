import type { CallOutcome } from '@dak/domain/returns';
import type { Insertable, Kysely, Transaction } from 'kysely';
import { containing, pageWithCount } from '../../db/queries';
import type { CallLogsTable, DB, Executor } from '../../db/schema';

/** SQL of the call logs and the telephony webhook's idempotency; every method takes an optional transaction. */
export function createCallsRepository(db: Kysely<DB>) {
  return {
    /** A parcel open on a delivery run of this rider. */
    riderOpenParcel(riderId: string, trackingId: string, trx: Executor = db) {
      return trx
        .selectFrom('delivery_run_parcels as rp')
        .innerJoin('delivery_runs as r', 'r.id', 'rp.run_id')
        .innerJoin('parcels as p', 'p.id', 'rp.parcel_id')
        .select(['p.id', 'p.shop_id', 'p.customer_phone'])
        .where('p.tracking_id', '=', trackingId)
        .where('r.rider_id', '=', riderId)
        .where('rp.closed_at', 'is', null)
        .executeTakeFirst();
    },

    insertCall(values: Insertable<CallLogsTable>, trx: Executor = db) {
      return trx
        .insertInto('call_logs')
        .values(values)
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
    },

    /** The provider's call, once per call id (a repeated one inserts nothing and answers undefined). */
    insertProviderCall(values: Insertable<CallLogsTable>, trx: Executor = db) {
      return trx
        .insertInto('call_logs')
        .values(values)
        .onConflict((oc) => oc.columns(['source', 'provider_call_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
    },

    /** Records a webhook event id; false when it was seen before. */
    async claimWebhookEvent(eventId: string, at: Date, trx: Executor = db) {
      const fresh = await trx
        .insertInto('telephony_webhook_events')
        .values({ event_id: eventId, received_at: at })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .returning('event_id')
        .executeTakeFirst();
      return fresh !== undefined;
    },

    lockParcel(trackingId: string, trx: Transaction<DB>) {
      return trx
        .selectFrom('parcels')
        .select(['id', 'shop_id', 'customer_phone'])
        .where('tracking_id', '=', trackingId)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Sets or clears a call's recording; a recording once deleted is never set again. */
    async updateRecording(
      callLogId: string,
      values: { recording_key: string | null; recording_deleted_at?: Date },
      trx: Executor = db,
    ) {
      await trx
        .updateTable('call_logs')
        .set(values)
        .where('id', '=', callLogId)
        .where('recording_deleted_at', 'is', null)
        .execute();
    },

    recordingsStartedBefore(cutoff: Date, trx: Executor = db) {
      return trx
        .selectFrom('call_logs')
        .select(['id', 'recording_key'])
        .where('recording_key', 'is not', null)
        .where('started_at', '<', cutoff)
        .limit(5000)
        .execute();
    },

    async listForShop(
      shopId: string,
      query: { q?: string; outcome?: CallOutcome; limit: number; offset: number },
      trx: Executor = db,
    ) {
      let base = trx
        .selectFrom('call_logs as c')
        .innerJoin('parcels as p', 'p.id', 'c.parcel_id')
        .leftJoin('staff as s', 's.id', 'c.caller_staff_id')
        .where('c.shop_id', '=', shopId);
      if (query.outcome) base = base.where('c.outcome', '=', query.outcome);
      if (query.q) {
        const like = containing(query.q);
        base = base.where((eb) =>
          eb.or([eb('p.tracking_id', 'ilike', like), eb('c.customer_phone', 'like', like)]),
        );
      }
      return pageWithCount(base, query, (q) =>
        q
          .select([
            'c.id',
            'p.tracking_id',
            'c.started_at',
            'c.outcome',
            'c.duration_seconds',
            'c.customer_phone',
            'c.source',
            'c.recording_key',
            'c.recording_deleted_at',
            's.name as caller_name',
            's.role as caller_role',
          ])
          .orderBy('c.started_at', 'desc')
          .orderBy('c.id'),
      );
    },

    shopRecording(shopId: string, callId: string, trx: Executor = db) {
      return trx
        .selectFrom('call_logs')
        .select(['recording_key', 'recording_deleted_at'])
        .where('id', '=', callId)
        .where('shop_id', '=', shopId)
        .executeTakeFirst();
    },
  };
}

export type CallsRepository = ReturnType<typeof createCallsRepository>;
