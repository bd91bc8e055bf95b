import type { ApprovalDecision, ApprovalStatus, ReturnedParcelView } from '@dak/domain/returns';
import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import { containing, pageWithCount } from '../../db/queries';
import type { ApprovalsTable, DB, Executor } from '../../db/schema';

const viewStatuses: Record<ReturnedParcelView, string[]> = {
  attempted: ['delivery_attempted'],
  returning: ['return_at_delivery_hub', 'return_in_transit', 'at_return_hub', 'out_for_return'],
  returned: ['returned'],
};

/** SQL of the returns screens and the reattempt approvals; every method takes an optional transaction. */
export function createReturnsRepository(db: Kysely<DB>) {
  /**
   * The last failed attempt of the parcel `p` (when, why), from its timeline: a lateral lookup
   * that walks parcel_events_parcel_idx backwards for that parcel alone, never all events.
   */
  const lastAttempt = (executor: Executor) =>
    executor
      .selectFrom('parcel_events as e')
      .select(['e.at', 'e.reason'])
      .where('e.parcel_id', '=', sql<string>`p.id`)
      .where('e.to_status', '=', 'delivery_attempted')
      .orderBy('e.at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(1);

  /** A request with its parcel, shop, hub, requester and decider, as the approvals screen shows it. */
  const approvalSelect = (executor: Executor, scope: readonly string[] | null) => {
    let q = executor
      .selectFrom('approvals as ap')
      .innerJoin('parcels as p', 'p.id', 'ap.parcel_id')
      .innerJoin('areas as a', 'a.id', 'p.delivery_area_id')
      .innerJoin('hubs as h', 'h.id', 'a.hub_id')
      .innerJoin('shops as s', 's.id', 'ap.shop_id')
      .leftJoin('users as u', 'u.id', 'ap.requested_by_user_id')
      .leftJoin('staff as st', 'st.id', 'ap.decided_by_staff_id')
      .leftJoinLateral(lastAttempt(executor).as('la'), (join) => join.onTrue())
      .select([
        'ap.id',
        'ap.type',
        'ap.status',
        'ap.reason',
        'ap.note',
        'ap.created_at',
        'ap.decided_at',
        'ap.decision_note',
        'p.tracking_id',
        'ap.parcel_id',
        'p.status as parcel_status',
        'p.customer_name',
        'a.name_en as area_en',
        'a.name_bn as area_bn',
        'h.name_en as hub_en',
        'h.name_bn as hub_bn',
        'la.reason as failed_reason',
        's.id as shop_id',
        's.name as shop_name',
        'st.name as decided_by',
      ])
      .select(sql<string | null>`coalesce(u.full_name, u.display_name, u.phone)`.as('requested_by'));
    if (scope) q = q.where('a.hub_id', 'in', scope.length > 0 ? scope : ['-']);
    return q;
  };

  return {
    async listForShop(
      shopId: string,
      query: { view: ReturnedParcelView; q?: string; limit: number; offset: number; oldestFirst?: boolean },
      trx: Executor = db,
    ) {
      let base = trx
        .selectFrom('parcels as p')
        .innerJoin('areas as a', 'a.id', 'p.delivery_area_id')
        .leftJoinLateral(lastAttempt(trx).as('la'), (join) => join.onTrue())
        .where('p.shop_id', '=', shopId)
        .where('p.status', 'in', viewStatuses[query.view] as never[]);
      if (query.q) {
        const like = containing(query.q);
        base = base.where((eb) =>
          eb.or([
            eb('p.tracking_id', 'ilike', like),
            eb('p.invoice_id', 'ilike', like),
            eb('p.customer_phone', 'like', like),
            eb('p.customer_name', 'ilike', like),
          ]),
        );
      }
      return pageWithCount(base, query, (q) =>
        q
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
          .orderBy(sql`coalesce(la.at, p.updated_at)`, query.oldestFirst ? 'asc' : 'desc')
          .orderBy('p.id'),
      );
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

    /** The approvals screen: one page of requests in a status, in the hubs of `scope` (null: all). */
    async listApprovals(
      scope: readonly string[] | null,
      query: { status: ApprovalStatus; q?: string; limit: number; offset: number },
      trx: Executor = db,
    ) {
      let q = approvalSelect(trx, scope).where('ap.status', '=', query.status);
      if (query.q) {
        const like = containing(query.q);
        q = q.where((eb) => eb.or([eb('p.tracking_id', 'ilike', like), eb('s.name', 'ilike', like)]));
      }
      const count = await trx
        .selectFrom(q.as('x'))
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      const rows = await q
        .orderBy('ap.created_at', query.status === 'pending' ? 'asc' : 'desc')
        .orderBy('ap.id')
        .limit(query.limit)
        .offset(query.offset)
        .execute();
      return { rows, count: count.n };
    },

    /** One request, if it is in the hubs of `scope` (null: any). */
    findApproval(scope: readonly string[] | null, id: string, trx: Executor = db) {
      return approvalSelect(trx, scope).where('ap.id', '=', id).executeTakeFirst();
    },

    /** The shop's own open request on a parcel. */
    pendingForShopParcel(shopId: string, trackingId: string, trx: Executor = db) {
      return trx
        .selectFrom('approvals as ap')
        .innerJoin('parcels as p', 'p.id', 'ap.parcel_id')
        .select('ap.id')
        .where('p.tracking_id', '=', trackingId)
        .where('p.shop_id', '=', shopId)
        .where('ap.status', '=', 'pending')
        .executeTakeFirst();
    },

    async insertApproval(values: Insertable<ApprovalsTable>, trx: Executor = db) {
      const row = await trx.insertInto('approvals').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /** The merchant confirmed the return instead: their open request is closed. */
    async withdraw(id: string, at: Date, trx: Executor = db) {
      await trx
        .updateTable('approvals')
        .set({
          status: 'rejected',
          decided_at: at,
          decision_note: 'Withdrawn: the merchant confirmed the return',
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    /** Claims a pending request for one decision; undefined when someone decided first. */
    claimDecision(
      id: string,
      decision: ApprovalDecision & { staffId: string; at: Date },
      trx: Executor = db,
    ) {
      return trx
        .updateTable('approvals')
        .set({
          status: decision.decision,
          decided_at: decision.at,
          decided_by_staff_id: decision.staffId,
          decision_note: decision.note ?? null,
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returning('parcel_id')
        .executeTakeFirst();
    },

    /** Gives a claimed decision back (its move was refused while the parcel still waits). */
    async reopen(id: string, staffId: string, trx: Executor = db) {
      await trx
        .updateTable('approvals')
        .set({ status: 'pending', decided_at: null, decided_by_staff_id: null, decision_note: null })
        .where('id', '=', id)
        .where('decided_by_staff_id', '=', staffId)
        .execute();
    },

    async parcelStatus(trackingId: string, trx: Executor = db) {
      const row = await trx
        .selectFrom('parcels')
        .select('status')
        .where('tracking_id', '=', trackingId)
        .executeTakeFirst();
      return row?.status;
    },

    /** Failed parcels the merchant left undecided for longer than the window. */
    dueForAutoReturn(cutoff: Date, trx: Executor = db) {
      return trx
        .selectFrom('parcels as p')
        .innerJoinLateral(lastAttempt(trx).as('la'), (join) => join.onTrue())
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
