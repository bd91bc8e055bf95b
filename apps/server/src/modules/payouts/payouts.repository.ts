import type { PayoutMethod } from '@dak/domain/money';
import type { payoutSkipReasons } from '@dak/domain/money-api';
import { sql } from 'kysely';
import type { Executor } from '../../db/schema';

export type SkipReason = (typeof payoutSkipReasons)[number];

/** SQL of payout runs: the run rows, their skips, and what the runs' invoices add up to. */

/** The run of a date, made when it is not there yet (two callers at once get the same row). */
export async function findOrCreateRun(
  db: Executor,
  run: { run_date: string; cutoff: Date; started_by_staff_id: string | null; created_at: Date },
) {
  await db
    .insertInto('payout_runs')
    .values(run)
    .onConflict((oc) => oc.column('run_date').doNothing())
    .execute();
  return db
    .selectFrom('payout_runs')
    .selectAll()
    .where('run_date', '=', run.run_date)
    .executeTakeFirstOrThrow();
}

/**
 * The shops with money to pay by the run (parcels unpaid or back from a bounce, final before the
 * cutoff) that the run has not yet invoiced or skipped: all of them on a first start, the rest on
 * a start after a crash.
 */
export async function shopsToPay(db: Executor, runId: string, cutoff: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('parcels as p')
    .select('p.shop_id')
    .distinct()
    .where('p.payment_status', 'in', ['unpaid', 'bounced'])
    .where('p.money_final_at', '<', cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('invoices as i')
            .select('i.id')
            .whereRef('i.shop_id', '=', 'p.shop_id')
            .where('i.run_id', '=', runId),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payout_run_skips as s')
            .select('s.shop_id')
            .whereRef('s.shop_id', '=', 'p.shop_id')
            .where('s.run_id', '=', runId),
        ),
      ),
    )
    .orderBy('p.shop_id')
    .execute();
  return rows.map((r) => r.shop_id);
}

/**
 * Locks the run for one shop's turn and says whether that shop is already done in it (invoiced
 * or skipped): two callers working the same run at once (the job and the button) take turns,
 * and the second finds the first's work instead of doing it again.
 */
export async function lockShopTurn(trx: Executor, runId: string, shopId: string) {
  await sql`select 1 from payout_runs where id = ${runId} for no key update`.execute(trx);
  const done = await sql<{ done: boolean }>`
    select exists (select 1 from invoices where run_id = ${runId} and shop_id = ${shopId})
      or exists (select 1 from payout_run_skips where run_id = ${runId} and shop_id = ${shopId}) as done`.execute(
    trx,
  );
  return done.rows[0]?.done === true;
}

/** The shop's newest invoice (of any run): a bounce not yet followed by a new method holds payouts. */
export function newestInvoice(trx: Executor, shopId: string) {
  return trx
    .selectFrom('invoices')
    .select(['id', 'status', 'decided_at'])
    .where('shop_id', '=', shopId)
    .orderBy('created_at', 'desc')
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertSkip(
  trx: Executor,
  skip: { run_id: string; shop_id: string; reason: SkipReason; amount_poisha: number },
) {
  await trx
    .insertInto('payout_run_skips')
    .values(skip)
    .onConflict((oc) => oc.columns(['run_id', 'shop_id']).doNothing())
    .execute();
}

export async function finishRun(db: Executor, runId: string, at: Date) {
  await db
    .updateTable('payout_runs')
    .set({ status: 'done', finished_at: at })
    .where('id', '=', runId)
    .where('status', '=', 'running')
    .execute();
}

/** Runs with their invoices' count and total and their skips' count, newest date first. */
export function listRuns(db: Executor, page: { limit: number; offset: number }, runId?: string) {
  let query = db
    .selectFrom('payout_runs as r')
    .select((eb) => [
      'r.id',
      'r.run_date',
      'r.status',
      'r.created_at',
      eb
        .selectFrom('invoices as i')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('i.run_id', '=', 'r.id')
        .as('invoice_count'),
      eb
        .selectFrom('invoices as i')
        .select(sql<number>`coalesce(sum(i.net_amount_poisha), 0)::bigint`.as('total'))
        .whereRef('i.run_id', '=', 'r.id')
        .as('total_poisha'),
      eb
        .selectFrom('payout_run_skips as s')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('s.run_id', '=', 'r.id')
        .as('skipped_count'),
    ])
    .orderBy('r.run_date', 'desc')
    .limit(page.limit)
    .offset(page.offset);
  if (runId) query = query.where('r.id', '=', runId);
  return query.execute();
}

export async function countRuns(db: Executor) {
  const row = await db
    .selectFrom('payout_runs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function runSkips(db: Executor, runId: string) {
  return db
    .selectFrom('payout_run_skips as s')
    .innerJoin('shops', 'shops.id', 's.shop_id')
    .select(['s.shop_id', 's.reason', 's.amount_poisha', 'shops.name as shop_name'])
    .where('s.run_id', '=', runId)
    .orderBy('shops.name')
    .orderBy('s.shop_id')
    .execute();
}

/** The run's invoices paid by one method, in number order: the rows of its transfer file. */
export function runInvoices(db: Executor, runId: string, method: PayoutMethod) {
  return db
    .selectFrom('invoices')
    .select(['id', 'number', 'shop_id', 'net_amount_poisha', 'status'])
    .where('run_id', '=', runId)
    .where('method', '=', method)
    .orderBy('number')
    .execute();
}
