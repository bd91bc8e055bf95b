import { accountCodes } from '@dak/domain/money';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller, signInStaff } from '../../../test/fixtures';
import { returnOtp, useTestApp } from '../../../test/helpers';
import {
  type BookingMerchant,
  bookingMerchant,
  bookParcel,
  toOutForDelivery,
  walk,
} from '../../../test/operations-fixtures';
import { post, settleParcelMoney } from './ledger.service';

const t = useTestApp();
const call = caller(t);
let admin: Awaited<ReturnType<typeof signInStaff>>;
let merchant: BookingMerchant;

beforeAll(async () => {
  admin = await signInStaff(t, 'admin');
  merchant = await bookingMerchant(t);
});

/** The parcel's row as the money sees it. */
const parcelOf = (trackingId: string) =>
  t.database.db
    .selectFrom('parcels')
    .select(['id', 'payment_status', 'delivery_charge_poisha', 'return_charge_poisha', 'money_final_at'])
    .where('tracking_id', '=', trackingId)
    .executeTakeFirstOrThrow();

/** The lines of the parcel's entries, by account code. */
async function linesOf(parcelId: string) {
  const rows = await t.database.db
    .selectFrom('journal_lines as l')
    .innerJoin('journal_entries as e', 'e.id', 'l.entry_id')
    .innerJoin('ledger_accounts as a', 'a.id', 'l.account_id')
    .select(['a.code', 'l.amount_poisha'])
    .where('e.parcel_id', '=', parcelId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.code, Number(r.amount_poisha)]));
}

async function trialTotal() {
  const res = await call('GET', '/ops/ledger/trial-balance', admin.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ total: number; accounts: { code: string; balance: number }[] }>();
}

describe('the ledger', () => {
  it('posts a full delivery: the cash to whoever holds it, the charges to revenue, the rest to the shop', async () => {
    const { trackingId } = await bookParcel(t, merchant);
    await walk(t, admin.token, trackingId, toOutForDelivery);
    const before = await parcelOf(trackingId);
    expect(before.payment_status).toBe('cash_collection_pending');
    await walk(t, admin.token, trackingId, [{ status: 'delivered', amountCollected: 1250 }]);
    const parcel = await parcelOf(trackingId);
    expect(parcel.payment_status).toBe('unpaid');
    expect(parcel.money_final_at).not.toBeNull();
    const delivery = Number(parcel.delivery_charge_poisha);
    const lines = await linesOf(parcel.id);
    // ৳1,250 at 1%: ৳12.50, rounded up to ৳13.
    expect(lines).toEqual({
      [accountCodes.hub('hub-dhaka-gulshan')]: 125_000,
      [accountCodes.revenue('delivery')]: -delivery,
      [accountCodes.revenue('cod_fee')]: -1_300,
      [accountCodes.shop(merchant.shop.id)]: -(125_000 - delivery - 1_300),
    });
    expect((await trialTotal()).total).toBe(0);
  });

  it('charges the COD fee on what a partial delivery collected, and a delivery with nothing collected still owes its charge', async () => {
    const partial = await bookParcel(t, merchant);
    await walk(t, admin.token, partial.trackingId, [
      ...toOutForDelivery,
      { status: 'delivered', amountCollected: 500 },
    ]);
    const p = await parcelOf(partial.trackingId);
    const lines = await linesOf(p.id);
    expect(lines[accountCodes.revenue('cod_fee')]).toBe(-500);
    expect(lines[accountCodes.shop(merchant.shop.id)]).toBe(
      -(50_000 - Number(p.delivery_charge_poisha) - 500),
    );

    const nothing = await bookParcel(t, merchant);
    await walk(t, admin.token, nothing.trackingId, [
      ...toOutForDelivery,
      { status: 'delivered', amountCollected: 0 },
    ]);
    const z = await parcelOf(nothing.trackingId);
    expect(await linesOf(z.id)).toEqual({
      [accountCodes.revenue('delivery')]: -Number(z.delivery_charge_poisha),
      [accountCodes.shop(merchant.shop.id)]: Number(z.delivery_charge_poisha),
    });
  });

  it('charges a returned parcel its return charge, and compensates a lost one by the written rule', async () => {
    const { trackingId } = await bookParcel(t, merchant);
    await walk(t, admin.token, trackingId, [
      ...toOutForDelivery,
      { status: 'delivery_attempted', reason: 'customer_refused' },
      'return_at_delivery_hub',
      'at_return_hub',
      'out_for_return',
    ]);
    const code = await returnOtp(t.app, merchant.user.phone);
    await walk(t, admin.token, trackingId, [{ status: 'returned', otp: code } as never]);
    const returned = await parcelOf(trackingId);
    expect(returned.payment_status).toBe('unpaid');
    expect(await linesOf(returned.id)).toEqual({
      [accountCodes.revenue('return')]: -Number(returned.return_charge_poisha),
      [accountCodes.shop(merchant.shop.id)]: Number(returned.return_charge_poisha),
    });

    const lost = await bookParcel(t, merchant, { sellingPrice: 25_000 });
    await walk(t, admin.token, lost.trackingId, ['at_sorting', 'lost']);
    const l = await parcelOf(lost.trackingId);
    // Declared ৳25,000, capped at ৳10,000; its charges are waived.
    expect(await linesOf(l.id)).toEqual({
      [accountCodes.compensation]: 1_000_000,
      [accountCodes.shop(merchant.shop.id)]: -1_000_000,
    });
    expect((await trialTotal()).total).toBe(0);
  });

  it('posts a cause once however often it is retried', async () => {
    const { trackingId } = await bookParcel(t, merchant);
    await walk(t, admin.token, trackingId, [
      ...toOutForDelivery,
      { status: 'delivered', amountCollected: 1250 },
    ]);
    const parcel = await parcelOf(trackingId);
    const before = await linesOf(parcel.id);
    await t.database.db.transaction().execute((trx) =>
      settleParcelMoney(trx, {
        parcelId: parcel.id,
        to: 'delivered',
        at: new Date(),
        cashHolder: { hubId: 'hub-dhaka-gulshan' },
      }),
    );
    expect(await linesOf(parcel.id)).toEqual(before);
    const entries = await t.database.db
      .selectFrom('journal_entries')
      .select('key')
      .where('parcel_id', '=', parcel.id)
      .execute();
    expect(entries).toEqual([{ key: `parcel:${parcel.id}:delivered` }]);
  });
});

describe('the database keeps the books', () => {
  const shopCode = () => accountCodes.shop(merchant.shop.id);

  it('refuses an entry that does not sum to zero, whoever writes it', async () => {
    // The code refuses it before the database sees it…
    await expect(
      t.database.db.transaction().execute((trx) =>
        post(trx, {
          key: 'test:unbalanced',
          kind: 'adjustment',
          at: new Date(),
          lines: [
            { account: shopCode(), amountPoisha: 100 },
            { account: accountCodes.revenue('delivery'), amountPoisha: -99 },
          ],
        }),
      ),
    ).rejects.toThrow(/does not balance/);
    // …and the database refuses it at commit when written by hand.
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        const entry = await sql<{ id: number }>`
          insert into journal_entries (key, kind) values ('test:by-hand', 'adjustment') returning id`.execute(
          trx,
        );
        const account = await sql<{ id: number }>`select id from ledger_accounts limit 1`.execute(trx);
        await sql`insert into journal_lines (entry_id, account_id, amount_poisha)
          values (${entry.rows[0]?.id}, ${account.rows[0]?.id}, 100)`.execute(trx);
      }),
    ).rejects.toThrow(/does not balance/);
    expect(
      await t.database.db.selectFrom('journal_entries').select('id').where('key', 'like', 'test:%').execute(),
    ).toEqual([]);
  });

  it('is append-only: no update, delete or truncate of entries or lines', async () => {
    await t.database.db.transaction().execute((trx) =>
      post(trx, {
        key: 'test:balanced',
        kind: 'adjustment',
        at: new Date(),
        lines: [
          { account: shopCode(), amountPoisha: 100 },
          { account: accountCodes.revenue('delivery'), amountPoisha: -100 },
        ],
      }),
    );
    for (const statement of [
      sql`update journal_lines set amount_poisha = 1`,
      sql`delete from journal_lines`,
      sql`update journal_entries set memo = 'x'`,
      sql`delete from journal_entries`,
      sql`truncate journal_lines`,
    ]) {
      await expect(statement.execute(t.database.db)).rejects.toThrow(/append-only/);
    }
    expect((await trialTotal()).total).toBe(0);
  });

  it('lets finance and admins read the trial balance, and nobody else', async () => {
    const support = await signInStaff(t, 'support');
    expect((await call('GET', '/ops/ledger/trial-balance', support.token)).statusCode).toBe(403);
    expect((await call('GET', '/ops/ledger/trial-balance', merchant.token)).statusCode).toBe(403);
    const finance = await signInStaff(t, 'finance');
    expect((await call('GET', '/ops/ledger/trial-balance', finance.token)).statusCode).toBe(200);
  });
});
