import type { PayoutMethod } from '@dak/domain/money';
import { createInvoice } from '../src/modules/invoices/invoices.service';
import { aParcel, type Parcel, type Shop, walk } from './factories';
import { caller } from './fixtures';
import { lastOtp, returnOtp, type TestApp } from './helpers';

/**
 * Money set-ups (issue 13) through the real API and services: parcels delivered (in full or in
 * part) or returned by staff, a payout run's invoice for a shop, the owner's bKash number.
 */

/** Books a parcel (৳1,250 to collect) and delivers it, taking `collected` taka (all when absent). */
export async function aDeliveredParcel(t: TestApp, shop: Shop, staffToken: string, collected = 1250) {
  const parcel = await aParcel(t, { shop, status: 'out_for_delivery', by: { token: staffToken } });
  await walk(t, staffToken, parcel.trackingId, [{ status: 'delivered', amountCollected: collected }]);
  return parcel;
}

/** Books a parcel that the customer refuses and that goes back to the shop (its return code). */
export async function aReturnedParcel(t: TestApp, shop: Shop, staffToken: string): Promise<Parcel> {
  const parcel = await aParcel(t, { shop, status: 'out_for_delivery', by: { token: staffToken } });
  await walk(t, staffToken, parcel.trackingId, [
    { status: 'delivery_attempted', reason: 'customer_refused' },
    'return_at_delivery_hub',
    'at_return_hub',
    'out_for_return',
  ]);
  const code = await returnOtp(t.app, shop.user.phone);
  await walk(t, staffToken, parcel.trackingId, [{ status: 'returned', otp: code } as never]);
  return parcel;
}

/** A payout run row for the date (the payouts module makes them; here only its invoices matter). */
export function aRun(t: TestApp, date: string) {
  return t.database.db
    .insertInto('payout_runs')
    .values({ run_date: date, cutoff: new Date(`${date}T00:00:00+06:00`) })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** The shop's invoice of a new run for the date: every parcel final before `cutoff` (now when absent). */
export async function anInvoice(
  t: TestApp,
  shop: Shop,
  date: string,
  options: { cutoff?: Date; method?: PayoutMethod } = {},
) {
  const run = await aRun(t, date);
  const outcome = await t.database.db.transaction().execute((trx) =>
    createInvoice(trx, {
      shopId: shop.shop.id,
      runId: run.id,
      cutoff: options.cutoff ?? new Date(t.clock.now().getTime() + 1),
      method: options.method ?? 'bkash',
      minimumPoisha: 100,
      at: t.clock.now(),
    }),
  );
  if (outcome.kind !== 'invoiced') throw new Error(`no invoice: ${JSON.stringify(outcome)}`);
  return outcome;
}

/** The owner sets (or changes) the shop's payment method to a bKash number, with the code sent. */
export async function aBkashNumber(t: TestApp, shop: Shop, walletNumber = '01812-345678') {
  t.clock.advance(61_000);
  const call = caller(t);
  const otp = await call('POST', `/shops/${shop.shop.id}/payment-method/otp`, shop.token);
  if (otp.statusCode !== 200) throw new Error(`payment method code: ${otp.body}`);
  const res = await call('PUT', `/shops/${shop.shop.id}/payment-method`, shop.token, {
    method: 'bkash',
    walletNumber,
    code: await lastOtp(t.app, shop.user.phone),
  });
  if (res.statusCode !== 200) throw new Error(`payment method: ${res.body}`);
}
