import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { payoutDateOf } from '@dak/domain/payouts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aParcel, aShop, type Shop, walk } from '../../../test/factories';
import { caller, signInStaff } from '../../../test/fixtures';
import { createTestDatabase, lastOtp, smsReceiver, type TestApp } from '../../../test/helpers';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/database';
import { freePort } from '../../db/embedded';
import { manualClock } from '../../lib/clock';

/**
 * The "Done when": the real server as a child process (main.ts on the test's database)
 * starts today's payout run over 32 shops and is killed with SIGKILL half-way, inside a shop's
 * transaction (PAYOUT_TEST_DELAY_MS, read only when NODE_ENV=test, holds each shop's transaction
 * open a moment). A new process runs the same date again: every shop is paid exactly once, every
 * parcel is on exactly one live invoice, and the books balance.
 */
const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const main = join(root, 'apps/server/src/main.ts');
const shopCount = 32;

let database: (Database & { url: string }) | undefined;
let dataDir = '';
const children: ChildProcess[] = [];

async function start(env: Record<string, string>) {
  if (!database) throw new Error('no database');
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const deadline = Date.now() + 90_000;
  while (!output.includes('Dak is running')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base: `http://127.0.0.1:${port}/api/v1`, output: () => output };
}

async function kill(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** The world, made through the API of an app in this process on the same database. */
async function setUp(db: Database & { url: string }) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  // Two days ago: the parcels' money is final well before today began in Dhaka.
  const clock = manualClock(new Date(Date.now() - 2 * 24 * 3_600_000));
  const phones = smsReceiver();
  const app = await buildApp({ config, database: db, clock, onSmsSent: phones.onSmsSent });
  phones.attach(app);
  await app.ready();
  const t: TestApp = { app, database: db, clock, config, close: () => app.close() };
  const call = caller(t);
  try {
    const admin = await signInStaff(t, 'admin');
    const branches = await call('GET', '/banks/dutch-bangla/branches?districtId=dhaka');
    const branch = branches.json<{ items: { id: number; routingNumber: string }[] }>().items[0];
    if (!branch) throw new Error('no branch');
    const shops: Shop[] = [];
    const parcels: string[] = [];
    const one = async (i: number) => {
      const shop = await aShop(t);
      const otp = await call('POST', `/shops/${shop.shop.id}/payment-method/otp`, shop.token);
      if (otp.statusCode !== 200) throw new Error(`otp: ${otp.body}`);
      const code = await lastOtp(app, shop.phone);
      const method =
        i % 2 === 0
          ? { method: 'bkash', walletNumber: `0171${String(2000000 + i).padStart(7, '0')}` }
          : {
              method: 'bank',
              bankId: 'dutch-bangla',
              branchId: branch.id,
              accountName: `Shop ${i}`,
              accountNumber: `10511000${String(10000 + i)}`,
              routingNumber: branch.routingNumber,
            };
      const set = await call('PUT', `/shops/${shop.shop.id}/payment-method`, shop.token, { ...method, code });
      if (set.statusCode !== 200) throw new Error(`payment method: ${set.body}`);
      // One parcel, or two for every third shop.
      for (let n = 0; n < (i % 3 === 0 ? 2 : 1); n++) {
        const parcel = await aParcel(t, { shop, status: 'out_for_delivery', by: admin });
        await walk(t, admin.token, parcel.trackingId, [{ status: 'delivered', amountCollected: 1250 }]);
        parcels.push(parcel.id);
      }
      shops.push(shop);
    };
    for (let i = 0; i < shopCount; i += 4) {
      await Promise.all([0, 1, 2, 3].filter((k) => i + k < shopCount).map((k) => one(i + k)));
    }
    // Now: finance signs in (the session must be good for the child's real clock).
    clock.advance(Date.now() - clock.now().getTime());
    const finance = await signInStaff(t, 'finance');
    return { shops, parcels, finance };
  } finally {
    await app.close();
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'dak-payout-kill-'));
}, 60_000);

afterAll(async () => {
  await Promise.all(children.map(kill));
  await database?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const count = async (query: ReturnType<typeof sql<{ n: number }>>) => {
  if (!database) throw new Error('no database');
  return Number((await query.execute(database.db)).rows[0]?.n ?? 0);
};

describe('a payout run killed half-way', () => {
  it('pays every shop exactly once when run again', { timeout: 300_000 }, async () => {
    if (!database) throw new Error('not set up');
    const db = database.db;
    const { shops, parcels, finance } = await setUp(database);
    const shopIds = shops.map((s) => s.shop.id);
    const date = payoutDateOf(new Date());
    const headers = { authorization: `Bearer ${finance.token}`, 'content-type': 'application/json' };

    const first = await start({ PAYOUT_TEST_DELAY_MS: '250' });
    const started = fetch(`${first.base}/ops/payout-runs`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ date }),
    }).catch((error: unknown) => error);
    // Some shops are paid, not all: kill the process inside a later shop's transaction.
    const invoices = () => count(sql<{ n: number }>`select count(*) as n from invoices`);
    const deadline = Date.now() + 60_000;
    while ((await invoices()) < 3) {
      if (Date.now() > deadline) throw new Error(`no invoices after a minute:\n${first.output()}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    await kill(first.child);
    expect(await started).toBeInstanceOf(Error);
    const paidBeforeKill = await invoices();
    expect(paidBeforeKill).toBeGreaterThan(0);
    expect(paidBeforeKill).toBeLessThan(shopCount);
    const run = await db
      .selectFrom('payout_runs')
      .selectAll()
      .where('run_date', '=', date)
      .executeTakeFirst();
    expect(run?.status).toBe('running');

    const second = await start({});
    const again = await fetch(`${second.base}/ops/payout-runs`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ date }),
    });
    expect(again.status, await again.clone().text()).toBe(200);
    const result = (await again.json()) as { id: string; invoiceCount: number };
    expect(result.id).toBe(run?.id);

    // Every shop has exactly one invoice, in this run.
    const perShop = await db
      .selectFrom('invoices')
      .select(['shop_id', 'run_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('shop_id', 'in', shopIds)
      .groupBy(['shop_id', 'run_id'])
      .execute();
    expect(perShop).toHaveLength(shopCount);
    for (const row of perShop) {
      expect(Number(row.n)).toBe(1);
      expect(row.run_id).toBe(run?.id);
    }
    expect(result.invoiceCount).toBeGreaterThanOrEqual(shopCount);
    // No shop was taken again after the crash: none is both paid and listed as skipped.
    const skipped = await db
      .selectFrom('payout_run_skips')
      .select('shop_id')
      .where('shop_id', 'in', shopIds)
      .execute();
    expect(skipped).toEqual([]);
    // Every parcel is on exactly one live invoice, and waits for the payment.
    const onInvoices = await db
      .selectFrom('invoice_parcels as ip')
      .innerJoin('invoices as i', 'i.id', 'ip.invoice_id')
      .select(['ip.parcel_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('i.status', '<>', 'bounced')
      .where('ip.parcel_id', 'in', parcels)
      .groupBy('ip.parcel_id')
      .execute();
    expect(onInvoices).toHaveLength(parcels.length);
    for (const row of onInvoices) expect(Number(row.n)).toBe(1);
    const statuses = await db
      .selectFrom('parcels')
      .select('payment_status')
      .distinct()
      .where('id', 'in', parcels)
      .execute();
    expect(statuses.map((s) => s.payment_status)).toEqual(['payment_processing']);
    // One ledger entry per invoice; each shop's payable emptied into the clearing accounts.
    expect(
      await count(sql<{ n: number }>`select count(*) as n from journal_entries where kind = 'invoice'`),
    ).toBe(await invoices());
    const owed = await count(sql<{ n: number }>`
      select coalesce(sum(l.amount_poisha), 0) as n from journal_lines l
      join ledger_accounts a on a.id = l.account_id
      where a.kind = 'shop_payable' and a.shop_id in (${sql.join(shopIds)})`);
    expect(owed).toBe(0);
    const books = await fetch(`${second.base}/ops/ledger/trial-balance`, { headers });
    expect(books.status).toBe(200);
    expect(((await books.json()) as { total: number }).total).toBe(0);
    const done = await db
      .selectFrom('payout_runs')
      .select('status')
      .where('id', '=', result.id)
      .executeTakeFirst();
    expect(done?.status).toBe('done');
    await kill(second.child);
  });
});
