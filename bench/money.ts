import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { newTrackingId } from '@dak/domain/tracking-id';
import { sql } from 'kysely';
import type { Executor } from '../apps/server/src/db/schema';
import { sha256 } from '../apps/server/src/lib/secrets';
import { settleParcelMoney } from '../apps/server/src/modules/ledger/ledger.service';
import { deadline, machine, median, registerShop, startBench } from './lib';

/**
 * Money (issue 13; docs/performance.md, "Money"): two ratios, each ours against the same rows
 * written by hand, in the same process and database, in turns.
 * (a) The ledger for 10 000 delivered parcels: settleParcelMoney in one transaction per parcel (as
 *     the status machine posts it, in the move's transaction) against, per parcel, one transaction
 *     of the same journal entry, its lines and the parcel's payment stage by hand; and, for scale,
 *     all of them in one transaction of multi-row INSERTs.
 * (b) A payout run over 1 000 shops (two delivered parcels each): POST /ops/payout-runs against,
 *     per shop, one transaction of the same invoice, its parcels, its journal entry and the
 *     parcels' payment stage by hand.
 *   npm run bench -- money       (BENCH_LEDGER_PARCELS=10000, BENCH_PAYOUT_SHOPS=1000, BENCH_ROUNDS=2)
 */
const parcelCount = Number(process.env.BENCH_LEDGER_PARCELS ?? 10_000);
const shopCount = Number(process.env.BENCH_PAYOUT_SHOPS ?? 1_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const batch = 1_000;
const hubId = 'hub-dhaka-gulshan';
const day = 24 * 3_600_000;

type Line = { account_id: number; amount_poisha: number; kind: string; code: string };

export async function runMoneyBench() {
  console.error('bench money: starting PostgreSQL, migrating, seeding…');
  const bench = await startBench('money');
  const stop = deadline(45 * 60_000, bench.close);
  try {
    const { app, database } = bench;
    const { db } = database;
    const owner = await registerShop(app);

    /** n delivered parcels (cash 1 250 taka collected), payment stage still pending, by hand. */
    async function makeParcels(shopIds: string[], perShop: number) {
      const now = new Date();
      const ids: { id: string; shopId: string }[] = [];
      const rows = shopIds.flatMap((shopId) =>
        Array.from({ length: perShop }, () => {
          const id = randomUUID();
          ids.push({ id, shopId });
          return {
            id,
            tracking_id: newTrackingId(randomInt),
            shop_id: shopId,
            pickup_location_id: owner.pickupLocationId,
            delivery_area_id: 'dhaka-city--gulshan',
            customer_name: 'Rahima Begum',
            customer_phone: '8801712345678',
            customer_address: 'House 5, Road 3, Gulshan 1',
            selling_price_poisha: 120_000,
            cash_collection_poisha: 125_000,
            amount_collected_poisha: 125_000,
            weight_grams: 500,
            parcel_type: 'forward' as const,
            flow_type: 'regular' as const,
            status: 'delivered' as const,
            seller_status: 'delivered' as const,
            payment_status: 'cash_collection_pending' as const,
            delivery_charge_poisha: 6000,
            cod_charge_poisha: 1250,
            total_charge_poisha: 7250,
            return_charge_poisha: 3000,
            rate_class: 'same_city' as const,
            price_plan_id: 'default',
            pickup_date: '2026-11-22',
            created_by_user_id: owner.userId,
            created_at: now,
            updated_at: now,
          };
        }),
      );
      for (let i = 0; i < rows.length; i += batch) {
        await db
          .insertInto('parcels')
          .values(rows.slice(i, i + batch))
          .execute();
      }
      return ids;
    }

    const settleOurs = async (parcels: { id: string }[], at: Date) => {
      const t0 = performance.now();
      for (const p of parcels) {
        await db
          .transaction()
          .execute((trx) =>
            settleParcelMoney(trx, { parcelId: p.id, to: 'delivered', at, cashHolder: { hubId } }),
          );
      }
      return performance.now() - t0;
    };

    // The rows settleParcelMoney writes for one such parcel: the same for every parcel of the
    // bench but the shop's payable account.
    const [warm] = await makeParcels([owner.shopId], 1);
    if (!warm) throw new Error('no parcel');
    await settleOurs([warm], new Date());
    const lines: Line[] = (
      await db
        .selectFrom('journal_lines as l')
        .innerJoin('journal_entries as e', 'e.id', 'l.entry_id')
        .innerJoin('ledger_accounts as a', 'a.id', 'l.account_id')
        .select(['l.account_id', 'l.amount_poisha', 'a.kind', 'a.code'])
        .where('e.parcel_id', '=', warm.id)
        .orderBy('l.id')
        .execute()
    ).map((l) => ({ ...l, amount_poisha: Number(l.amount_poisha) }));
    const netPoisha = -(lines.find((l) => l.kind === 'shop_payable')?.amount_poisha ?? 0);
    const part = (...codes: string[]) =>
      -lines.filter((l) => codes.includes(l.code)).reduce((sum, l) => sum + l.amount_poisha, 0);

    async function shopAccounts(trx: Executor, shopIds: string[]) {
      const unique = [...new Set(shopIds)];
      for (let i = 0; i < unique.length; i += batch) {
        await trx
          .insertInto('ledger_accounts')
          .values(
            unique
              .slice(i, i + batch)
              .map((id) => ({ code: `shop:${id}`, kind: 'shop_payable', shop_id: id })),
          )
          .onConflict((oc) => oc.column('code').doNothing())
          .execute();
      }
      const rows = await trx
        .selectFrom('ledger_accounts')
        .select(['id', 'shop_id'])
        .where('kind', '=', 'shop_payable')
        .where('shop_id', 'in', unique)
        .execute();
      return new Map(rows.map((r) => [r.shop_id as string, Number(r.id)]));
    }
    const linesFor = (entryId: number, shopAccount: number) =>
      lines.map((l) => ({
        entry_id: entryId,
        account_id: l.kind === 'shop_payable' ? shopAccount : l.account_id,
        amount_poisha: l.amount_poisha,
      }));

    /** The same rows by hand, one transaction per parcel. */
    const settleByHand = async (parcels: { id: string; shopId: string }[], at: Date) => {
      const accounts = await shopAccounts(
        db,
        parcels.map((p) => p.shopId),
      );
      const t0 = performance.now();
      for (const p of parcels) {
        await db.transaction().execute(async (trx) => {
          const entry = await trx
            .insertInto('journal_entries')
            .values({
              key: `parcel:${p.id}:delivered`,
              kind: 'delivery',
              at,
              shop_id: p.shopId,
              parcel_id: p.id,
              hub_id: hubId,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('journal_lines')
            .values(linesFor(Number(entry.id), accounts.get(p.shopId) ?? 0))
            .execute();
          await trx
            .updateTable('parcels')
            .set({ payment_status: 'unpaid', money_final_at: at })
            .where('id', '=', p.id)
            .execute();
        });
      }
      return performance.now() - t0;
    };

    /** The same rows by hand in one transaction of multi-row INSERTs (the floor; also the set-up of b). */
    const settleInBulk = async (parcels: { id: string; shopId: string }[], at: Date) => {
      const t0 = performance.now();
      await db.transaction().execute(async (trx) => {
        const accounts = await shopAccounts(
          trx,
          parcels.map((p) => p.shopId),
        );
        for (let i = 0; i < parcels.length; i += batch) {
          const slice = parcels.slice(i, i + batch);
          const entries = await trx
            .insertInto('journal_entries')
            .values(
              slice.map((p) => ({
                key: `parcel:${p.id}:delivered`,
                kind: 'delivery' as const,
                at,
                shop_id: p.shopId,
                parcel_id: p.id,
                hub_id: hubId,
              })),
            )
            .returning(['id', 'parcel_id'])
            .execute();
          const shopOf = new Map(slice.map((p) => [p.id, p.shopId]));
          await trx
            .insertInto('journal_lines')
            .values(
              entries.flatMap((e) =>
                linesFor(Number(e.id), accounts.get(shopOf.get(e.parcel_id as string) ?? '') ?? 0),
              ),
            )
            .execute();
          await trx
            .updateTable('parcels')
            .set({ payment_status: 'unpaid', money_final_at: at })
            .where(
              'id',
              'in',
              slice.map((p) => p.id),
            )
            .execute();
        }
      });
      return performance.now() - t0;
    };

    // (a) The ledger -----------------------------------------------------------------------------
    type LedgerTurn = { ours: number; hand: number; bulk: number };
    const ledgerTurns: LedgerTurn[] = [];
    for (let round = 0; round <= rounds; round++) {
      const n = round === 0 ? Math.min(500, parcelCount) : parcelCount;
      const [a, b, c] = [
        await makeParcels([owner.shopId], n),
        await makeParcels([owner.shopId], n),
        await makeParcels([owner.shopId], n),
      ];
      const at = new Date();
      const hand = await settleByHand(a, at);
      const ours = await settleOurs(b, at);
      const bulk = await settleInBulk(c, at);
      console.error(
        `bench money: ledger round ${round}${round === 0 ? ' (warm-up)' : ''}: ours ${ours.toFixed(0)} ms, ` +
          `by hand ${hand.toFixed(0)} ms, in bulk ${bulk.toFixed(0)} ms`,
      );
      if (round > 0) ledgerTurns.push({ ours, hand, bulk });
    }

    // (b) A payout run -------------------------------------------------------------------------------
    const userId = owner.userId;
    const financeToken = randomBytes(24).toString('base64url');
    const staff = await db
      .insertInto('staff')
      .values({ phone: '8801999000001', role: 'finance', name: 'Bench finance', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('sessions')
      .values({
        token_hash: sha256(financeToken),
        staff_id: staff.id,
        expires_at: new Date(Date.now() + day),
      })
      .execute();
    let walletCounter = 0;
    /** shopCount shops with a bKash wallet and two delivered parcels each, settled long ago. */
    async function payableShops() {
      const shops = await db
        .insertInto('shops')
        .values(
          Array.from({ length: shopCount }, (_, i) => ({ name: `Bench shop ${i}`, owner_user_id: userId })),
        )
        .returning('id')
        .execute();
      const shopIds = shops.map((s) => s.id);
      await db
        .insertInto('shop_payment_methods')
        .values(
          shopIds.map((shop_id) => ({
            shop_id,
            method: 'bkash' as const,
            wallet_number: `88017${String(10_000_000 + walletCounter++).slice(-8)}`,
            updated_by_user_id: userId,
            updated_at: new Date(Date.now() - 30 * day),
          })),
        )
        .execute();
      const parcels = await makeParcels(shopIds, 2);
      await settleInBulk(parcels, new Date(Date.now() - 20 * day));
      return { shopIds, parcels };
    }
    const dateAgo = (days: number) =>
      new Date(Date.now() - days * day + 6 * 3_600_000).toISOString().slice(0, 10);

    const invoiceParcel = {
      settlement_type: 'delivered' as const,
      cash_collected_poisha: -part(`hub:${hubId}`),
      delivery_charge_poisha: part('revenue:delivery', 'revenue:exchange'),
      cod_charge_poisha: part('revenue:cod_fee'),
      return_charge_poisha: 0,
      compensation_poisha: 0,
      net_poisha: netPoisha,
    };
    const clearing = (
      await db
        .insertInto('ledger_accounts')
        .values({ code: 'clearing:bkash', kind: 'payout_clearing' })
        .onConflict((oc) => oc.column('code').doUpdateSet({ kind: 'payout_clearing' }))
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

    /** The same rows a run writes, by hand, one transaction per shop. */
    async function payByHand(set: Awaited<ReturnType<typeof payableShops>>, date: string) {
      const accounts = await shopAccounts(db, set.shopIds);
      const byShop = new Map<string, string[]>();
      for (const p of set.parcels) byShop.set(p.shopId, [...(byShop.get(p.shopId) ?? []), p.id]);
      const t0 = performance.now();
      const run = await db
        .insertInto('payout_runs')
        .values({ run_date: date, cutoff: new Date(`${date}T00:00:00+06:00`) })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [shopId, parcelIds] of byShop) {
        await db.transaction().execute(async (trx) => {
          const net = netPoisha * parcelIds.length;
          const invoice = await trx
            .insertInto('invoices')
            .values({
              number: sql<string>`'INV-' || lpad(nextval('invoice_number_seq')::text, 7, '0')`,
              shop_id: shopId,
              run_id: run.id,
              method: 'bkash',
              net_amount_poisha: net,
              parcel_count: parcelIds.length,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('invoice_parcels')
            .values(parcelIds.map((parcel_id) => ({ invoice_id: invoice.id, parcel_id, ...invoiceParcel })))
            .execute();
          const entry = await trx
            .insertInto('journal_entries')
            .values({
              key: `invoice:${invoice.id}`,
              kind: 'invoice',
              at: new Date(),
              shop_id: shopId,
              invoice_id: invoice.id,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('journal_lines')
            .values([
              { entry_id: entry.id, account_id: accounts.get(shopId) ?? 0, amount_poisha: net },
              { entry_id: entry.id, account_id: clearing, amount_poisha: -net },
            ])
            .execute();
          await trx
            .updateTable('parcels')
            .set({ payment_status: 'payment_processing' })
            .where('id', 'in', parcelIds)
            .execute();
        });
      }
      await db
        .updateTable('payout_runs')
        .set({ status: 'done', finished_at: new Date() })
        .where('id', '=', run.id)
        .execute();
      return performance.now() - t0;
    }

    async function payOurs(date: string) {
      const t0 = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/ops/payout-runs',
        headers: { authorization: `Bearer ${financeToken}` },
        payload: { date },
      });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`payout run: ${res.statusCode} ${res.body.slice(0, 500)}`);
      const result = res.json<{ invoiceCount: number; skipped: unknown[] }>();
      if (result.invoiceCount !== shopCount || result.skipped.length > 0)
        throw new Error(`payout run: ${result.invoiceCount} invoices, ${result.skipped.length} skipped`);
      return ms;
    }

    type PayoutTurn = { ours: number; hand: number };
    const payoutTurns: PayoutTurn[] = [];
    for (let round = 0; round <= rounds; round++) {
      // The hand-made set is paid before ours is made, so the run pays exactly its own set.
      const handSet = await payableShops();
      const hand = await payByHand(handSet, `2000-01-${String(round + 1).padStart(2, '0')}`);
      await payableShops();
      const ours = await payOurs(dateAgo(10 - round));
      console.error(
        `bench money: payout round ${round}${round === 0 ? ' (warm-up)' : ''}: ours ${ours.toFixed(0)} ms, by hand ${hand.toFixed(0)} ms`,
      );
      if (round > 0) payoutTurns.push({ ours, hand });
    }

    const books = await sql<{
      total: string;
    }>`select coalesce(sum(amount_poisha), 0) as total from journal_lines`.execute(db);
    const ml = (k: keyof LedgerTurn) => median(ledgerTurns.map((t) => t[k]));
    const mp = (k: keyof PayoutTurn) => median(payoutTurns.map((t) => t[k]));
    console.log(
      [
        machine(),
        `${rounds} rounds after a warm-up; the journal sums to ${books.rows[0]?.total} poisha at the end`,
        '',
        '| what | median ms | per item ms | / by hand |',
        '| --- | ---: | ---: | ---: |',
        `| (a) ours: settleParcelMoney, ${parcelCount} parcels, a transaction each | ${ml('ours').toFixed(0)} | ${(ml('ours') / parcelCount).toFixed(2)} | **${(ml('ours') / ml('hand')).toFixed(2)}** |`,
        `| (a) by hand: entry, lines, payment stage, a transaction each | ${ml('hand').toFixed(0)} | ${(ml('hand') / parcelCount).toFixed(2)} | 1.00 |`,
        `| (a) by hand in bulk: multi-row INSERTs, one transaction | ${ml('bulk').toFixed(0)} | ${(ml('bulk') / parcelCount).toFixed(2)} | ${(ml('bulk') / ml('hand')).toFixed(2)} |`,
        `| (b) ours: POST /ops/payout-runs, ${shopCount} shops × 2 parcels | ${mp('ours').toFixed(0)} | ${(mp('ours') / shopCount).toFixed(2)} | **${(mp('ours') / mp('hand')).toFixed(2)}** |`,
        `| (b) by hand: invoice, its parcels, entry, lines, payment stage, a transaction per shop | ${mp('hand').toFixed(0)} | ${(mp('hand') / shopCount).toFixed(2)} | 1.00 |`,
        '',
        `per-round ratios: ledger ${ledgerTurns.map((t) => (t.ours / t.hand).toFixed(2)).join(', ')}; payout ${payoutTurns.map((t) => (t.ours / t.hand).toFixed(2)).join(', ')}`,
      ].join('\n'),
    );
  } finally {
    stop();
    await bench.close();
  }
}
