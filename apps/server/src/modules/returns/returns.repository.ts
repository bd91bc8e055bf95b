import type { ApprovalStatus, ReturnedParcelView } from '@dak/domain/returns';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

const viewStatuses: Record<ReturnedParcelView, string[]> = {
  attempted: ['delivery_attempted'],
  returning: ['return_at_delivery_hub', 'return_in_transit', 'at_return_hub', 'out_for_return'],
  returned: ['returned'],
};

/** SQL of the returns screens and the reattempt approvals; every method takes an optional transaction. */
export function createReturnsRepository(db: Kysely<DB>) {
  /** The last failed attempt of each parcel (when, why), from the timeline. */
  const lastAttempt = (executor: Executor) =>
    executor
      .selectFrom('parcel_events as e')
      .select(['e.parcel_id', 'e.at', 'e.reason'])
      .distinctOn('e.parcel_id')
      .where('e.to_status', '=', 'delivery_attempted')
      .orderBy('e.parcel_id')
      .orderBy('e.at', 'desc')
      .orderBy('e.id', 'desc');

  return {
    async listForShop(
      shopId: string,
      query: { view: ReturnedParcelView; q?: string; limit: number; offset: number },
      trx: Executor = db,
    ) {
      let base = trx
        .selectFrom('parcels as p')
        .innerJoin('areas as a', 'a.id', 'p.delivery_area_id')
        .leftJoin(lastAttempt(trx).as('la'), 'la.parcel_id', 'p.id')
        .where('p.shop_id', '=', shopId)
        .where('p.status', 'in', viewStatuses[query.view] as never[]);
      if (query.q) {
        const like = `%${query.q.replace(/[\\%_]/g, '\\$&')}%`;
        base = base.where((eb) =>
          eb.or([
            eb('p.tracking_id', 'ilike', like),
            eb('p.invoice_id', 'ilike', like),
            eb('p.customer_phone', 'like', like),
            eb('p.customer_name', 'ilike', like),
          ]),
        );
      }
      const count = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
      const rows = await base
        .select((eb) => [
          'p.id',
          'p.tracking_id',
          'p.invoice_id',
          'p.customer_name',
          'p.customer_phone',
          'p.status',
          'p.cash_collection_poisha',
          'p.reattempt_approved_at',
          'p.updated_at',
          'a.name_en as area_en',
          'a.name_bn as area_bn',
          'la.at as attempted_at',
          'la.reason as failed_reason',
          eb
            .selectFrom('approvals as ap')
            .select(
              sql<{ id: string; status: ApprovalStatus; reason: string; created_at: string } | null>`
                json_build_object('id', ap.id, 'status', ap.status, 'reason', ap.reason,
                  'created_at', ap.created_at)`.as('j'),
            )
            .whereRef('ap.parcel_id', '=', 'p.id')
            .where('ap.created_at', '>=', sql<Date>`coalesce(la.at, '-infinity'::timestamptz)`)
            .orderBy('ap.created_at', 'desc')
            .limit(1)
            .as('approval'),
        ])
        .orderBy(sql`coalesce(la.at, p.updated_at)`, 'desc')
        .orderBy('p.id')
        .limit(query.limit)
        .offset(query.offset)
        .execute();
      return { rows, count: count.n };
    },

    /** A parcel of the shop by tracking ID, locked for the request's transaction. */
    findShopParcel(trx: Transaction<DB>, shopId: string, trackingId: string) {
      return trx
        .selectFrom('parcels')
        .select(['id', 'status', 'reattempt_approved_at'])
        .where('shop_id', '=', shopId)
        .where('tracking_id', '=', trackingId)
        .forUpdate()
        .executeTakeFirst();
    },

    pendingApproval(parcelId: string, trx: Executor = db) {
      return trx
        .selectFrom('approvals')
        .select(['id'])
        .where('parcel_id', '=', parcelId)
        .where('type', '=', 'return_reattempt_request')
        .where('status', '=', 'pending')
        .executeTakeFirst();
    },

    approvalRows(executor: Executor = db) {
      return executor
        .selectFrom('approvals as ap')
        .innerJoin('parcels as p', 'p.id', 'ap.parcel_id')
        .innerJoin('areas as a', 'a.id', 'p.delivery_area_id')
        .innerJoin('hubs as h', 'h.id', 'a.hub_id')
        .innerJoin('shops as s', 's.id', 'ap.shop_id')
        .leftJoin('users as u', 'u.id', 'ap.requested_by_user_id')
        .leftJoin('staff as st', 'st.id', 'ap.decided_by_staff_id')
        .leftJoin(lastAttempt(executor).as('la'), 'la.parcel_id', 'p.id');
    },

    /** Failed parcels the merchant left undecided for longer than the window. */
    dueForAutoReturn(cutoff: Date, trx: Executor = db) {
      return trx
        .selectFrom('parcels as p')
        .innerJoin(lastAttempt(trx).as('la'), 'la.parcel_id', 'p.id')
        .select(['p.tracking_id'])
        .where('p.status', '=', 'delivery_attempted')
        .where('p.reattempt_approved_at', 'is', null)
        .where('la.at', '<=', cutoff)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('approvals as ap')
                .select('ap.id')
                .whereRef('ap.parcel_id', '=', 'p.id')
                .where('ap.status', '=', 'pending'),
            ),
          ),
        )
        .orderBy('la.at')
        .limit(1000)
        .execute();
    },
  };
}

export type ReturnsRepository = ReturnType<typeof createReturnsRepository>;
