import { type Kysely, sql } from 'kysely';
import type { DB, Executor } from '../../db/schema';

/** SQL of the cash desk: riders and hubs, the hand-overs' and deposits' rows, the shop's hold. */
export function createCashRepository(db: Kysely<DB>) {
  return {
    hubExists(hubId: string, trx: Executor = db) {
      return trx.selectFrom('hubs').select('id').where('id', '=', hubId).executeTakeFirst();
    },

    /** An active rider with the hubs they work in. */
    async rider(riderId: string, trx: Executor = db) {
      const row = await trx
        .selectFrom('staff as s')
        .leftJoin('staff_hubs as sh', 'sh.staff_id', 's.id')
        .select([
          's.id',
          's.name',
          's.phone',
          sql<string[]>`coalesce(array_agg(sh.hub_id) filter (where sh.hub_id is not null), '{}')`.as(
            'hub_ids',
          ),
        ])
        .where('s.id', '=', riderId)
        .where('s.role', '=', 'rider')
        .where('s.active', '=', true)
        .groupBy(['s.id', 's.name', 's.phone'])
        .executeTakeFirst();
      return row;
    },

    /** The riders working in the hub (active ones), by name. */
    ridersOfHub(hubId: string, trx: Executor = db) {
      return trx
        .selectFrom('staff as s')
        .innerJoin('staff_hubs as sh', 'sh.staff_id', 's.id')
        .select(['s.id', 's.name', 's.phone'])
        .where('sh.hub_id', '=', hubId)
        .where('s.role', '=', 'rider')
        .orderBy('s.name')
        .execute();
    },

    /** The riders working in the hubs (every hub when null), with their hub. */
    ridersOfHubs(hubIds: readonly string[] | null, trx: Executor = db) {
      let q = trx
        .selectFrom('staff as s')
        .innerJoin('staff_hubs as sh', 'sh.staff_id', 's.id')
        .select(['s.id', 'sh.hub_id'])
        .where('s.role', '=', 'rider');
      if (hubIds) q = q.where('sh.hub_id', 'in', hubIds.length > 0 ? hubIds : ['-']);
      return q.execute();
    },

    /**
     * Locks the ledger account's row until the transaction ends, so two hand-overs of one rider
     * (or two deposits of one hub) are counted one after the other; false when it has none yet.
     */
    async lockAccount(trx: Executor, code: string): Promise<boolean> {
      const row = await trx
        .selectFrom('ledger_accounts')
        .select('id')
        .where('code', '=', code)
        .forUpdate()
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A hand-over's entry by its key: what it moved to the hub and to the shortage. */
    async handoverByKey(trx: Executor, key: string) {
      const rows = await trx
        .selectFrom('journal_entries as e')
        .innerJoin('journal_lines as l', 'l.entry_id', 'e.id')
        .innerJoin('ledger_accounts as a', 'a.id', 'l.account_id')
        .select(['e.id', 'e.staff_id', 'e.hub_id', 'a.kind', 'l.amount_poisha'])
        .where('e.key', '=', key)
        .where('e.kind', '=', 'cash_handover')
        .execute();
      if (rows.length === 0) return null;
      const sum = (kind: string) =>
        rows.filter((r) => r.kind === kind).reduce((total, r) => total + Number(r.amount_poisha), 0);
      return {
        riderId: rows[0]?.staff_id ?? null,
        hubId: rows[0]?.hub_id ?? null,
        countedPoisha: sum('hub_cash'),
        shortagePoisha: sum('rider_shortage'),
      };
    },

    /**
     * The rider's cash of a day from `since`: cash that came to the rider (deliveries) and cash the
     * hub counted in from the rider (hand-overs).
     */
    async riderDay(riderId: string, riderCode: string, since: Date, trx: Executor = db) {
      const row = await trx
        .selectFrom('journal_entries as e')
        .innerJoin('journal_lines as l', 'l.entry_id', 'e.id')
        .innerJoin('ledger_accounts as a', 'a.id', 'l.account_id')
        .select([
          sql<string>`coalesce(sum(l.amount_poisha) filter (where e.kind = 'delivery' and a.code = ${riderCode}), 0)`.as(
            'collected',
          ),
          sql<string>`coalesce(sum(l.amount_poisha) filter (where e.kind = 'cash_handover' and a.kind = 'hub_cash'), 0)`.as(
            'handed_over',
          ),
        ])
        .where('e.staff_id', '=', riderId)
        .where('e.at', '>=', since)
        .executeTakeFirstOrThrow();
      return { collectedPoisha: Number(row.collected), handedOverPoisha: Number(row.handed_over) };
    },

    async insertDeposit(
      trx: Executor,
      row: {
        hub_id: string;
        amount_poisha: number;
        bank_reference: string;
        deposited_on: string;
        recorded_by_staff_id: string;
        entry_id: number;
        at: Date;
      },
    ) {
      const inserted = await trx
        .insertInto('hub_deposits')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(inserted.id);
    },

    async deposits(hubId: string, page: { limit: number; offset: number }, trx: Executor = db) {
      const [items, count] = await Promise.all([
        trx
          .selectFrom('hub_deposits as d')
          .innerJoin('staff as s', 's.id', 'd.recorded_by_staff_id')
          .select([
            'd.id',
            'd.hub_id',
            'd.amount_poisha',
            'd.bank_reference',
            sql<string>`to_char(d.deposited_on, 'YYYY-MM-DD')`.as('deposited_on'),
            's.name as recorded_by',
            'd.at',
          ])
          .where('d.hub_id', '=', hubId)
          .orderBy('d.id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        trx
          .selectFrom('hub_deposits')
          .select(sql<number>`count(*)::int`.as('count'))
          .where('hub_id', '=', hubId)
          .executeTakeFirstOrThrow(),
      ]);
      return { items, count: count.count };
    },

    /** The owner's stored parcel-list preferences for the shop (null: never saved). */
    async ownerPreferences(trx: Executor, shopId: string) {
      const row = await trx
        .selectFrom('parcel_list_preferences as p')
        .innerJoin('shops as s', (join) =>
          join.onRef('s.id', '=', 'p.shop_id').onRef('s.owner_user_id', '=', 'p.user_id'),
        )
        .select('p.preferences')
        .where('p.shop_id', '=', shopId)
        .executeTakeFirst();
      return row?.preferences ?? null;
    },
  };
}
export type CashRepository = ReturnType<typeof createCashRepository>;
