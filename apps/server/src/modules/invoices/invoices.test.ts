import { accountCodes } from '@dak/domain/money';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInStaff } from '../../../test/fixtures';
import { returnOtp, useTestApp } from '../../../test/helpers';
import {
  type BookingMerchant,
  bookingMerchant,
  bookParcel,
  toOutForDelivery,
  walk,
} from '../../../test/operations-fixtures';
import { createLedgerService } from '../ledger/ledger.service';
import { createInvoice, decideInvoicePayment } from './invoices.service';

const t = useTestApp();
let admin: Awaited<ReturnType<typeof signInStaff>>;
let merchant: BookingMerchant;

beforeAll(async () => {
  admin = await signInStaff(t, 'admin');
  merchant = await bookingMerchant(t);
});

const statusOf = async (trackingId: string) =>
  (
    await t.database.db
      .selectFrom('parcels')
      .select('payment_status')
      .where('tracking_id', '=', trackingId)
      .executeTakeFirstOrThrow()
  ).payment_status;

/** A payout run row for the date (the payouts module makes them; here only the invoice is tested). */
async function aRun(date: string) {
  return t.database.db
    .insertInto('payout_runs')
    .values({ run_date: date, cutoff: new Date(`${date}T00:00:00+06:00`) })
    .returning('id')
    .executeTakeFirstOrThrow();
}

const invoiceFor = (runId: string, cutoff: Date) =>
  t.database.db.transaction().execute((trx) =>
    createInvoice(trx, {
      shopId: merchant.shop.id,
      runId,
      cutoff,
      method: 'bkash',
      minimumPoisha: 100,
      at: new Date(),
    }),
  );

async function owedToShop() {
  const ledger = createLedgerService({ db: t.database.db, clock: { now: () => new Date() } as never });
  const code = accountCodes.shop(merchant.shop.id);
  return 0 - ((await ledger.balances([code])).get(code) ?? 0) || 0;
}

describe('invoices', () => {
  it('nets a shop’s final parcels into one invoice, pays it once, and a bounce puts the money back for the next run', async () => {
    const full = await bookParcel(t, merchant);
    await walk(t, admin.token, full.trackingId, [
      ...toOutForDelivery,
      { status: 'delivered', amountCollected: 1250 },
    ]);
    const back = await bookParcel(t, merchant);
    await walk(t, admin.token, back.trackingId, [
      ...toOutForDelivery,
      { status: 'delivery_attempted', reason: 'customer_refused' },
      'return_at_delivery_hub',
      'at_return_hub',
      'out_for_return',
    ]);
    const code = await returnOtp(t.app, merchant.user.phone);
    await walk(t, admin.token, back.trackingId, [{ status: 'returned', otp: code } as never]);
    const owed = await owedToShop();
    expect(owed).toBeGreaterThan(0);

    // A run whose cutoff is before the parcels' money became final pays nothing.
    const early = await aRun('2020-01-01');
    expect(await invoiceFor(early.id, new Date('2020-01-01T00:00:00+06:00'))).toMatchObject({
      kind: 'skipped',
    });

    const run = await aRun('2099-01-01');
    const first = await invoiceFor(run.id, new Date('2099-01-01T00:00:00+06:00'));
    expect(first).toMatchObject({ kind: 'invoiced', netPoisha: owed });
    if (first.kind !== 'invoiced') throw new Error('not invoiced');
    expect(first.parcels.map((p) => p.settlement_type).sort()).toEqual(['delivered', 'returned']);
    expect(await statusOf(full.trackingId)).toBe('payment_processing');
    expect(await owedToShop()).toBe(0);

    await t.database.db
      .transaction()
      .execute((trx) =>
        decideInvoicePayment(
          trx,
          first.invoiceId,
          { status: 'bounced', reason: 'Account closed' },
          { staffId: admin.id, at: new Date() },
        ),
      );
    expect(await statusOf(full.trackingId)).toBe('bounced');
    expect(await owedToShop()).toBe(owed);
    await expect(
      t.database.db
        .transaction()
        .execute((trx) =>
          decideInvoicePayment(
            trx,
            first.invoiceId,
            { status: 'paid', reference: 'TX1' },
            { staffId: admin.id, at: new Date() },
          ),
        ),
    ).rejects.toThrow(/bounced/);

    const rerun = await aRun('2099-01-02');
    const second = await invoiceFor(rerun.id, new Date('2099-01-02T00:00:00+06:00'));
    expect(second).toMatchObject({ kind: 'invoiced', netPoisha: owed });
    if (second.kind !== 'invoiced') throw new Error('not invoiced');
    await t.database.db
      .transaction()
      .execute((trx) =>
        decideInvoicePayment(
          trx,
          second.invoiceId,
          { status: 'paid', reference: 'TX2' },
          { staffId: admin.id, at: new Date() },
        ),
      );
    expect(await statusOf(back.trackingId)).toBe('paid');
    await expect(
      t.database.db
        .transaction()
        .execute((trx) =>
          decideInvoicePayment(
            trx,
            second.invoiceId,
            { status: 'paid', reference: 'TX3' },
            { staffId: admin.id, at: new Date() },
          ),
        ),
    ).rejects.toThrow(/already marked paid/);
    const ledger = createLedgerService({ db: t.database.db, clock: { now: () => new Date() } as never });
    const books = await ledger.trialBalance();
    expect(books.total).toBe(0);
    expect(books.accounts.find((a) => a.code === accountCodes.settlement('bkash'))?.balance).toBe(-owed);
  });
});
