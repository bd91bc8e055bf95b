import type { StaffRole } from '@dak/domain/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { aParcel, aShop, aStaff, type Shop, walk } from '../../../test/factories';
import { caller, signInStaff } from '../../../test/fixtures';
import { lastOtp, returnOtp, rowCount, useTestApp } from '../../../test/helpers';
import { decideInvoicePayment } from '../invoices/invoices.service';

/**
 * Payout runs through the API on a real database (issue 13, item 5): who is paid, who is skipped
 * and why, the cutoff at the start of the run's day in Dhaka, the same date twice, the transfer
 * files, and who may do it. The tests of this file run in order, each day after the one before.
 */
// The clock moves over four days: staff sessions last the week (the longest allowed).
const t = useTestApp({ STAFF_SESSION_TTL_HOURS: String(24 * 7) });
const call = caller(t);
let admin: Awaited<ReturnType<typeof signInStaff>>;
let finance: Awaited<ReturnType<typeof signInStaff>>;

const accountNumber = '1051100012345';
type Branch = { id: number; routingNumber: string };
let branch: Branch;

/** Sets the shop's payment method through the owner's code, as the payment screen does. */
async function setMethod(shop: Shop, method: { method: 'bkash'; walletNumber: string } | { method: 'bank' }) {
  t.clock.advance(61_000);
  const otp = await call('POST', `/shops/${shop.shop.id}/payment-method/otp`, shop.token);
  expect(otp.statusCode, otp.body).toBe(200);
  const code = await lastOtp(t.app, shop.phone);
  const body =
    method.method === 'bank'
      ? {
          method: 'bank',
          bankId: 'dutch-bangla',
          branchId: branch.id,
          // Starts with '-' and holds a comma: the bank file must neither run it nor split it.
          accountName: '-Karim, Fashion',
          accountNumber,
          routingNumber: branch.routingNumber,
        }
      : method;
  const res = await call('PUT', `/shops/${shop.shop.id}/payment-method`, shop.token, { ...body, code });
  expect(res.statusCode, res.body).toBe(200);
}

async function delivered(shop: Shop, amount = 1250) {
  const parcel = await aParcel(t, { shop, status: 'out_for_delivery' }, { cashCollectionAmount: amount });
  await walk(t, admin.token, parcel.trackingId, [{ status: 'delivered', amountCollected: amount }]);
  return parcel;
}

async function returned(shop: Shop) {
  const parcel = await aParcel(t, { shop, status: 'out_for_delivery' });
  await walk(t, admin.token, parcel.trackingId, [
    { status: 'delivery_attempted', reason: 'customer_refused' },
    'return_at_delivery_hub',
    'at_return_hub',
    'out_for_return',
  ]);
  const otp = await returnOtp(t.app, shop.phone);
  await walk(t, admin.token, parcel.trackingId, [{ status: 'returned', otp } as never]);
  return parcel;
}

type RunResult = {
  id: string;
  invoiceCount: number;
  totalAmount: number;
  skipped: { shopId: string; reason: string; amount?: number; shopName?: string }[];
};

async function runPayouts(body: Record<string, unknown> = {}, token = finance.token) {
  const res = await call('POST', '/ops/payout-runs', token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RunResult>();
}

const invoicesOf = (shopId: string) =>
  t.database.db
    .selectFrom('invoices')
    .innerJoin('payout_runs', 'payout_runs.id', 'invoices.run_id')
    .select(['invoices.id', 'invoices.number', 'invoices.method', 'invoices.net_amount_poisha', 'run_date'])
    .where('shop_id', '=', shopId)
    .orderBy('invoices.created_at')
    .execute();

const parcelsOn = async (invoiceId: string) =>
  (
    await t.database.db
      .selectFrom('invoice_parcels')
      .innerJoin('parcels', 'parcels.id', 'invoice_parcels.parcel_id')
      .select('parcels.tracking_id')
      .where('invoice_parcels.invoice_id', '=', invoiceId)
      .execute()
  ).map((r) => r.tracking_id);

/** Moves the test clock to 12:00 in Dhaka of the given day. */
function middayInDhaka(date: string) {
  const target = new Date(`${date}T12:00:00+06:00`).getTime();
  const now = t.clock.now().getTime();
  if (target < now) throw new Error(`the clock is past ${date}`);
  t.clock.advance(target - now);
}

let bank: Shop;
let bkash: Shop;
let noMethod: Shop;
let small: Shop;
let owing: Shop;
let bouncing: Shop;
const tracking: Record<string, string> = {};
let firstRun: RunResult;

beforeAll(async () => {
  admin = await signInStaff(t, 'admin');
  finance = await signInStaff(t, 'finance');
  const branches = await call('GET', '/banks/dutch-bangla/branches?districtId=dhaka');
  branch = branches.json<{ items: Branch[] }>().items[0] as Branch;
  [bank, bkash, noMethod, small, owing, bouncing] = await Promise.all([
    aShop(t),
    aShop(t),
    aShop(t),
    aShop(t),
    aShop(t),
    aShop(t),
  ]);
  await setMethod(bank, { method: 'bank' });
  await setMethod(bkash, { method: 'bkash', walletNumber: '01711000001' });
  await setMethod(small, { method: 'bkash', walletNumber: '01711000002' });
  await setMethod(owing, { method: 'bkash', walletNumber: '01711000003' });
  await setMethod(bouncing, { method: 'bkash', walletNumber: '01711000004' });
  // 22 November, midday in Dhaka (the test clock's start): the money of these parcels becomes final.
  tracking.bank = (await delivered(bank)).trackingId;
  tracking.bkash = (await delivered(bkash, 2000)).trackingId;
  tracking.noMethod = (await delivered(noMethod)).trackingId;
  tracking.small = (await delivered(small, 100)).trackingId;
  tracking.owing = (await returned(owing)).trackingId;
  tracking.bouncing = (await delivered(bouncing)).trackingId;
});

describe('payout runs', () => {
  it('pays each shop with money final before the day began, and lists the others with the reason', async () => {
    // 23 November 00:30 in Dhaka: a parcel delivered now is after the 23rd's cutoff.
    t.clock.advance(new Date('2026-11-23T00:30:00+06:00').getTime() - t.clock.now().getTime());
    tracking.late = (await delivered(bank, 800)).trackingId;
    middayInDhaka('2026-11-23');

    firstRun = await runPayouts({ date: '2026-11-23' });
    const skipped = Object.fromEntries(firstRun.skipped.map((s) => [s.shopId, s.reason]));
    expect(skipped[noMethod.shop.id]).toBe('no_payment_method');
    expect(skipped[small.shop.id]).toBe('below_minimum');
    expect(skipped[owing.shop.id]).toBe('negative_balance');
    expect(skipped[bank.shop.id]).toBeUndefined();
    expect(firstRun.skipped.find((s) => s.shopId === owing.shop.id)?.amount).toBeLessThan(0);
    expect(firstRun.invoiceCount).toBe(3);

    const [bankInvoice] = await invoicesOf(bank.shop.id);
    expect(bankInvoice).toMatchObject({ method: 'bank', run_date: '2026-11-23' });
    // The cutoff: the parcel delivered after the 23rd began waits for the 24th.
    expect(await parcelsOn(bankInvoice?.id ?? '')).toEqual([tracking.bank]);
    expect((await invoicesOf(bkash.shop.id))[0]).toMatchObject({ method: 'bkash' });
    const nets = [bank, bkash, bouncing].map(
      async (s) => (await invoicesOf(s.shop.id))[0]?.net_amount_poisha,
    );
    const total = (await Promise.all(nets)).reduce((sum: number, n) => sum + (n ?? 0), 0);
    expect(firstRun.totalAmount).toBe(total / 100);
  });

  it('answers the same date again as it stands, creating nothing; today by default; no day to come', async () => {
    const invoices = await rowCount(t, 'invoices');
    const again = await runPayouts({ date: '2026-11-23' });
    expect(again).toEqual(firstRun);
    // Without a date: today in Dhaka, the same run.
    expect((await runPayouts({})).id).toBe(firstRun.id);
    expect(await rowCount(t, 'invoices')).toBe(invoices);
    expect(await rowCount(t, 'payout_runs')).toBe(1);

    const future = await call('POST', '/ops/payout-runs', finance.token, { date: '2026-11-24' });
    expect(future.statusCode, future.body).toBe(400);
    const notADay = await call('POST', '/ops/payout-runs', finance.token, { date: '2026-02-30' });
    expect(notADay.statusCode, notADay.body).toBe(400);
    expect(await rowCount(t, 'payout_runs')).toBe(1);
  });

  it('lists the runs and shows one with its skipped shops', async () => {
    const list = await call('GET', '/ops/payout-runs', finance.token);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({
      count: 1,
      items: [{ id: firstRun.id, date: '2026-11-23', status: 'done', invoiceCount: 3, skippedCount: 3 }],
    });
    const detail = await call('GET', `/ops/payout-runs/${firstRun.id}`, admin.token);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().skipped).toHaveLength(3);
    expect(
      detail.json().skipped.find((s: { shopId: string }) => s.shopId === noMethod.shop.id),
    ).toMatchObject({
      reason: 'no_payment_method',
      shopName: 'Karim Fashion',
    });
    const missing = await call('GET', '/ops/payout-runs/00000000-0000-4000-8000-000000000000', finance.token);
    expect(missing.statusCode).toBe(404);
  });

  it('writes the bank and bKash files with the full numbers, amounts in taka and the invoice number', async () => {
    const [bankInvoice] = await invoicesOf(bank.shop.id);
    const bankFile = await call('GET', `/ops/payout-runs/${firstRun.id}/bank-file`, finance.token);
    expect(bankFile.statusCode, bankFile.body).toBe(200);
    expect(bankFile.headers['content-type']).toMatch(/^text\/csv/);
    expect(bankFile.headers['content-disposition']).toBe(
      'attachment; filename="payouts-2026-11-23-bank.csv"',
    );
    const amount = ((bankInvoice?.net_amount_poisha ?? 0) / 100).toFixed(2);
    expect(bankFile.body).toBe(
      'routing_number,account_number,account_name,amount,reference\r\n' +
        `${branch.routingNumber},${accountNumber},"'-Karim, Fashion",${amount},${bankInvoice?.number}\r\n`,
    );

    const bkashFile = await call('GET', `/ops/payout-runs/${firstRun.id}/bkash-file`, finance.token);
    expect(bkashFile.statusCode, bkashFile.body).toBe(200);
    const rows = bkashFile.body.trim().split('\r\n');
    expect(rows[0]).toBe('wallet_number,amount,reference');
    const expected = await Promise.all(
      [
        [bkash, '01711000001'],
        [bouncing, '01711000004'],
      ].map(async ([shop, wallet]) => {
        const [invoice] = await invoicesOf((shop as Shop).shop.id);
        return `${wallet},${((invoice?.net_amount_poisha ?? 0) / 100).toFixed(2)},${invoice?.number}`;
      }),
    );
    expect(rows.slice(1).sort()).toEqual(expected.sort());
  });

  it('holds a bounced shop until its owner changes the method, then pays it the money again', async () => {
    const [invoice] = await invoicesOf(bouncing.shop.id);
    if (!invoice) throw new Error('no invoice');
    await t.database.db
      .transaction()
      .execute((trx) =>
        decideInvoicePayment(
          trx,
          invoice.id,
          { status: 'bounced', reason: 'Wallet closed' },
          { staffId: finance.id, at: t.clock.now() },
        ),
      );
    // A bounced invoice is not in the file any more: it is not to be paid again from it.
    const bkashFile = await call('GET', `/ops/payout-runs/${firstRun.id}/bkash-file`, finance.token);
    expect(bkashFile.body).not.toContain(invoice.number);

    middayInDhaka('2026-11-24');
    const second = await runPayouts({ date: '2026-11-24' });
    expect(second.skipped.find((s) => s.shopId === bouncing.shop.id)?.reason).toBe(
      'payment_method_not_updated',
    );
    // The parcel delivered after the 23rd began is paid by the 24th's run.
    const bankInvoices = await invoicesOf(bank.shop.id);
    expect(bankInvoices).toHaveLength(2);
    expect(await parcelsOn(bankInvoices[1]?.id ?? '')).toEqual([tracking.late]);
    // Shops skipped for a small or negative balance stay skipped; nobody is invoiced twice.
    expect(second.invoiceCount).toBe(1);

    await setMethod(bouncing, { method: 'bkash', walletNumber: '01711000005' });
    middayInDhaka('2026-11-25');
    const third = await runPayouts();
    const invoices = await invoicesOf(bouncing.shop.id);
    expect(invoices).toHaveLength(2);
    expect(invoices[1]).toMatchObject({
      run_date: '2026-11-25',
      net_amount_poisha: invoice.net_amount_poisha,
    });
    expect(await parcelsOn(invoices[1]?.id ?? '')).toEqual([tracking.bouncing]);
    expect(third.skipped.map((s) => s.shopId)).not.toContain(bouncing.shop.id);
    const books = await call('GET', '/ops/ledger/trial-balance', finance.token);
    expect(books.json().total).toBe(0);
  });

  it('pays each shop once when two callers run the same date at the same moment', async () => {
    const shops = await Promise.all([aShop(t), aShop(t), aShop(t), aShop(t)]);
    for (const [i, shop] of shops.entries()) {
      await setMethod(shop, { method: 'bkash', walletNumber: `0171100010${i}` });
      await delivered(shop);
    }
    middayInDhaka('2026-11-26');
    const [one, two] = await Promise.all([
      runPayouts({ date: '2026-11-26' }),
      runPayouts({ date: '2026-11-26' }, admin.token),
    ]);
    expect(two?.id).toBe(one?.id);
    for (const shop of shops) {
      const invoices = await invoicesOf(shop.shop.id);
      expect(invoices.map((i) => i.run_date)).toEqual(['2026-11-26']);
    }
    const skipped = await t.database.db
      .selectFrom('payout_run_skips')
      .select('shop_id')
      .where('run_id', '=', one.id)
      .where(
        'shop_id',
        'in',
        shops.map((s) => s.shop.id),
      )
      .execute();
    expect(skipped).toEqual([]);
  });

  it("runs today's payouts from the daily job, on the schedule in Dhaka time", async () => {
    const parcel = await delivered(bkash, 900);
    middayInDhaka('2026-11-27');
    const res = await call('POST', '/dev/jobs/payout-runs', undefined, {});
    expect(res.statusCode, res.body).toBe(202);
    await t.app.jobs.idle();
    const invoices = await invoicesOf(bkash.shop.id);
    expect(invoices.at(-1)?.run_date).toBe('2026-11-27');
    expect(await parcelsOn(invoices.at(-1)?.id ?? '')).toEqual([parcel.trackingId]);
    expect(t.config.payouts.schedule).toBe('0 10 * * *');
  });

  it('is for finance and admin only', async () => {
    const others: { token: string }[] = await Promise.all(
      (['hub_manager', 'support'] as StaffRole[]).map((role) => signInStaff(t, role)),
    );
    others.push(await aStaff(t, { role: 'rider', hub: 'hub-dhaka-gulshan' }), { token: bank.token });
    const paths = [
      ['POST', '/ops/payout-runs'],
      ['GET', '/ops/payout-runs'],
      ['GET', `/ops/payout-runs/${firstRun.id}`],
      ['GET', `/ops/payout-runs/${firstRun.id}/bank-file`],
      ['GET', `/ops/payout-runs/${firstRun.id}/bkash-file`],
    ] as const;
    for (const [method, path] of paths) {
      for (const who of others) {
        const res = await call(method, path, who.token, method === 'POST' ? {} : undefined);
        expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(403);
      }
      const anonymous = await call(method, path, undefined, method === 'POST' ? {} : undefined);
      expect(anonymous.statusCode).toBe(401);
    }
    expect((await call('GET', '/ops/payout-runs', admin.token)).statusCode).toBe(200);
  });
});
