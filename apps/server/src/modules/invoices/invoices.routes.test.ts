import { accountCodes, moneyMessages } from '@dak/domain/money';
import {
  bouncedPaymentSchema,
  invoiceListSchema,
  invoiceParcelListSchema,
  opsInvoiceListSchema,
  parcelMoneySchema,
  paymentsSummarySchema,
  shopStatementSchema,
  transactionListSchema,
} from '@dak/domain/money-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { aShop, aStaff, type Shop, type Staff } from '../../../test/factories';
import { caller } from '../../../test/fixtures';
import { useTestApp } from '../../../test/helpers';
import { aBkashNumber, aDeliveredParcel, anInvoice, aReturnedParcel } from '../../../test/money-fixtures';

const t = useTestApp();
const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(t)(...args);
let admin: Staff;
let finance: Staff;
let shop: Shop;

beforeAll(async () => {
  admin = await aStaff(t, { role: 'admin' });
  finance = await aStaff(t, { role: 'finance' });
  shop = await aShop(t);
});

/** What Dak owes the shop, by the ledger, in poisha. */
async function owed(shopId: string) {
  const row = await t.database.db
    .selectFrom('ledger_accounts as a')
    .leftJoin('journal_lines as l', 'l.account_id', 'a.id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('l.amount_poisha'), eb.lit(0)).as('balance'))
    .where('a.code', '=', accountCodes.shop(shopId))
    .executeTakeFirst();
  return -Number(row?.balance ?? 0);
}

const entryCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('journal_entries')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("the merchant's payments and finance's invoices", () => {
  it('show a delivery, a partial delivery and a return from unpaid through an invoice, a bounce and a payment', async () => {
    const full = await aDeliveredParcel(t, shop, admin.token);
    const partial = await aDeliveredParcel(t, shop, admin.token, 1000);
    const back = await aReturnedParcel(t, shop, admin.token);
    const shopId = shop.shop.id;
    const net = await owed(shopId);
    expect(net).toBeGreaterThan(0);

    // Unpaid: the nets of the three parcels, nothing invoiced; no payment method, no next payment.
    let summary = paymentsSummarySchema.parse(
      (await call('GET', `/shops/${shopId}/payments/summary`, shop.token)).json(),
    );
    expect(summary).toEqual({
      dueAmount: 0,
      unpaidAmount: net / 100,
      processingAmount: 0,
      paidAmount: 0,
      nextPayment: null,
    });
    // With a payment method: the next run is tomorrow (the test clock is past 10:00 in Dhaka).
    await aBkashNumber(t, shop);
    summary = (await call('GET', `/shops/${shopId}/payments/summary`, shop.token)).json();
    expect(summary.nextPayment).toEqual({ amount: net / 100, date: '2026-11-23' });

    const money = parcelMoneySchema.parse(
      (await call('GET', `/shops/${shopId}/parcels/${partial.trackingId}/money`, shop.token)).json(),
    );
    expect(money).toMatchObject({
      paymentStatus: 'unpaid',
      settlement: { settlementType: 'partial_delivered', cashCollected: 1000 },
      invoice: null,
    });
    const s = money.settlement;
    if (!s) throw new Error('no settlement');
    expect(s.netAmount).toBe(s.cashCollected - s.deliveryCharge - s.codCharge);

    const invoice = await anInvoice(t, shop, '2026-11-23');
    expect(invoice.netPoisha).toBe(net);

    // Invoiced: processing, in the list, its parcels by settlement type, the CSV, the ledger lines.
    summary = (await call('GET', `/shops/${shopId}/payments/summary`, shop.token)).json();
    expect(summary).toMatchObject({ unpaidAmount: 0, processingAmount: net / 100, nextPayment: null });
    const list = invoiceListSchema.parse((await call('GET', `/shops/${shopId}/invoices`, shop.token)).json());
    expect(list).toMatchObject({
      count: 1,
      items: [{ id: invoice.invoiceId, status: 'payment_processing', netAmount: net / 100, parcelCount: 3 }],
    });
    const parcelsUrl = `/shops/${shopId}/invoices/${invoice.invoiceId}/parcels`;
    const parcels = invoiceParcelListSchema.parse((await call('GET', parcelsUrl, shop.token)).json());
    expect(parcels.count).toBe(3);
    expect(parcels.items.reduce((sum, p) => sum + Math.round(p.netAmount * 100), 0)).toBe(net);
    const returned = (await call('GET', `${parcelsUrl}?settlementType=returned`, shop.token)).json();
    expect(returned.items).toEqual([
      expect.objectContaining({ trackingId: back.trackingId, settlementType: 'returned', cashCollected: 0 }),
    ]);
    expect(returned.items[0].netAmount).toBe(-returned.items[0].returnCharge);

    const csv = await call('GET', `/shops/${shopId}/invoices/${invoice.invoiceId}/csv`, shop.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="logistics-invoice.csv"');
    const rows = csv.body.trim().split('\r\n');
    expect(rows[0]).toBe(
      'tracking_id,settlement_type,cash_collected,delivery_charge,cod_charge,return_charge,compensation,net',
    );
    expect(rows).toHaveLength(4);
    const fullRow = rows.find((r) => r.startsWith(full.trackingId));
    expect(fullRow).toMatch(new RegExp(`^${full.trackingId},delivered,1250\\.00,`));
    const returnRow = rows.find((r) => r.startsWith(back.trackingId));
    // A negative net stays a number, never a quoted or apostrophed text.
    expect(returnRow).toMatch(/,-\d+\.\d{2}$/);

    const transactions = transactionListSchema.parse(
      (await call('GET', `/shops/${shopId}/transactions`, shop.token)).json(),
    );
    expect(transactions.count).toBe(4);
    expect(transactions.items[0]).toMatchObject({
      kind: 'invoice',
      amount: -net / 100,
      invoiceNumber: invoice.number,
    });
    expect(transactions.items.find((i) => i.trackingId === back.trackingId)?.amount).toBeLessThan(0);

    // Finance sees it waiting, bounces it: the banner, until the owner changes the method.
    const waiting = opsInvoiceListSchema.parse(
      (await call('GET', `/ops/invoices?status=payment_processing&shopId=${shopId}`, finance.token)).json(),
    );
    expect(waiting.items).toEqual([
      expect.objectContaining({ id: invoice.invoiceId, shopName: 'Karim Fashion', method: 'bkash' }),
    ]);
    const bounced = await call('POST', `/ops/invoices/${invoice.invoiceId}/bounced`, finance.token, {
      reason: 'Wallet closed',
    });
    expect(bounced.statusCode, bounced.body).toBe(200);
    expect(bounced.json()).toMatchObject({ status: 'bounced', bounceReason: 'Wallet closed' });
    let banner = bouncedPaymentSchema.parse(
      (await call('GET', `/shops/${shopId}/payments/bounced`, shop.token)).json(),
    );
    expect(banner.bounced).toMatchObject({
      invoiceId: invoice.invoiceId,
      amount: net / 100,
      reason: 'Wallet closed',
      isBankAccountInfoUpdated: false,
    });
    // The bounced money is the shop's again, but the run waits for a new payment method.
    summary = (await call('GET', `/shops/${shopId}/payments/summary`, shop.token)).json();
    expect(summary).toMatchObject({ processingAmount: 0, paidAmount: 0, nextPayment: null });

    const again = await call('POST', `/ops/invoices/${invoice.invoiceId}/paid`, finance.token, {
      reference: 'TX1',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'CONFLICT', message: moneyMessages.alreadyBounced });

    await aBkashNumber(t, shop, '01912-345678');
    banner = (await call('GET', `/shops/${shopId}/payments/bounced`, shop.token)).json();
    expect(banner.bounced?.isBankAccountInfoUpdated).toBe(true);
    // Paid by the next run still to be made: the 23rd's run is made already.
    summary = (await call('GET', `/shops/${shopId}/payments/summary`, shop.token)).json();
    expect(summary.nextPayment).toEqual({ amount: net / 100, date: '2026-11-24' });

    // The next run pays it: the banner goes, the parcel shows its new invoice, paid twice is refused.
    const second = await anInvoice(t, shop, '2026-11-24');
    const paid = await call('POST', `/ops/invoices/${second.invoiceId}/paid`, finance.token, {
      reference: 'BKASH-9F2',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const twice = await call('POST', `/ops/invoices/${second.invoiceId}/paid`, finance.token, {
      reference: 'BKASH-9F3',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(moneyMessages.alreadyPaid);
    banner = (await call('GET', `/shops/${shopId}/payments/bounced`, shop.token)).json();
    expect(banner.bounced).toBeNull();
    summary = (await call('GET', `/shops/${shopId}/payments/summary`, shop.token)).json();
    expect(summary).toMatchObject({
      dueAmount: 0,
      unpaidAmount: 0,
      processingAmount: 0,
      paidAmount: net / 100,
    });
    expect(
      (await call('GET', `/shops/${shopId}/parcels/${full.trackingId}/money`, shop.token)).json(),
    ).toMatchObject({
      paymentStatus: 'paid',
      invoice: { id: second.invoiceId, status: 'paid' },
    });

    // The statement: the running balance from the deliveries through both invoices back to 0.
    const statement = shopStatementSchema.parse(
      (
        await call('GET', `/ops/shops/${shopId}/statement?from=2026-11-01&to=2026-11-30`, finance.token)
      ).json(),
    );
    expect(statement.opening).toBe(0);
    expect(statement.closing).toBe(0);
    expect(statement.lines.map((l) => l.kind)).toEqual([
      'delivery',
      'delivery',
      'return',
      'invoice',
      'invoice_bounced',
      'invoice',
    ]);
    expect(statement.lines[2]?.balance).toBe(net / 100);
    expect(statement.lines.at(-1)?.balance).toBe(0);
    // Amounts are whole poisha in taka: no float leftovers (0.1 + 0.2 style) in any line.
    for (const line of [...statement.lines, ...transactions.items]) {
      expect(String(line.amount)).toMatch(/^-?\d+(\.\d{1,2})?$/);
    }
    const later = (
      await call('GET', `/ops/shops/${shopId}/statement?from=2026-12-01&to=2026-12-02`, finance.token)
    ).json();
    expect(later).toEqual({ opening: 0, closing: 0, lines: [] });
  });

  it('refuse an unknown invoice (404), a wrong shop, and anyone but finance and admin', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await call('POST', `/ops/invoices/${unknown}/paid`, finance.token, { reference: 'X' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(moneyMessages.invoiceNotFound);
    expect((await call('GET', `/ops/shops/${unknown}/statement`, finance.token)).statusCode).toBe(404);
    const blank = await call('POST', `/ops/invoices/${unknown}/paid`, finance.token, { reference: '  ' });
    expect(blank.statusCode).toBe(400);
    for (const role of ['hub_manager', 'support'] as const) {
      const staff = await aStaff(t, { role });
      expect((await call('GET', '/ops/invoices', staff.token)).statusCode, role).toBe(403);
      expect(
        (await call('POST', `/ops/invoices/${unknown}/bounced`, staff.token, { reason: 'x' })).statusCode,
      ).toBe(403);
    }
    expect((await call('GET', '/ops/invoices', shop.token)).statusCode).toBe(403);
    expect((await call('GET', '/ops/invoices', admin.token)).statusCode).toBe(200);
  });
});

describe("the bank's result file", () => {
  const upload = (body: string, token = finance.token) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/ops/payout-results',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      payload: body,
    });

  it('applies nothing when one row is wrong, and every row in one go when all are right', async () => {
    const shops = [await aShop(t), await aShop(t), await aShop(t)];
    const invoices = [];
    for (const [i, s] of shops.entries()) {
      await aDeliveredParcel(t, s, admin.token);
      invoices.push(await anInvoice(t, s, `2027-01-0${i + 1}`));
    }
    const [a, b, c] = invoices as [(typeof invoices)[0], (typeof invoices)[0], (typeof invoices)[0]];
    const paidBefore = await call('POST', `/ops/invoices/${c.invoiceId}/paid`, finance.token, {
      reference: 'EARLY',
    });
    expect(paidBefore.statusCode).toBe(200);

    const statuses = () =>
      t.database.db
        .selectFrom('invoices')
        .select(['number', 'status'])
        .where('id', 'in', [a.invoiceId, b.invoiceId])
        .orderBy('number')
        .execute();
    const before = { entries: await entryCount(), invoices: await statuses() };
    const header = 'invoice_number,status,reference_or_reason';
    const wrong = await upload(
      [
        header,
        `${a.number},paid,TRX-1`,
        `${b.number},maybe,x`,
        `${c.number},paid,TRX-3`,
        'INV-9999999,paid,TRX-4',
        `${a.number},bounced,`,
        `${a.number},bounced,Closed`,
      ].join('\n'),
    );
    expect(wrong.statusCode, wrong.body).toBe(422);
    expect(wrong.json().error.code).toBe('ROWS_INVALID');
    expect(wrong.json().error.details.rows).toEqual([
      { row: 3, message: 'Status must be paid or bounced' },
      { row: 4, message: moneyMessages.alreadyPaid },
      { row: 5, message: 'No invoice with this number' },
      { row: 6, message: moneyMessages.reasonRequired },
      { row: 7, message: 'This invoice is already on row 2' },
    ]);
    expect({ entries: await entryCount(), invoices: await statuses() }).toEqual(before);
    expect(before.invoices.every((i) => i.status === 'payment_processing')).toBe(true);

    const bad = await upload('number,status\nINV-1,paid');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.details.rows).toEqual([{ row: 1, message: expect.stringMatching(/header/) }]);

    const right = await upload(
      `\uFEFF${header}\r\n${a.number},paid,"TRX,1"\r\n${b.number},BOUNCED,Account closed\r\n`,
    );
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toEqual({ paid: 1, bounced: 1 });
    expect(await statuses()).toEqual([
      { number: a.number, status: 'paid' },
      { number: b.number, status: 'bounced' },
    ]);
    expect(await entryCount()).toBe(before.entries + 2);
    const ref = await t.database.db
      .selectFrom('invoices')
      .select('reference')
      .where('id', '=', a.invoiceId)
      .executeTakeFirstOrThrow();
    expect(ref.reference).toBe('TRX,1');
    // The same file again is refused whole: both invoices are decided now.
    const replay = await upload(`${header}\n${a.number},paid,TRX-1\n${b.number},bounced,Closed\n`);
    expect(replay.statusCode).toBe(422);
    expect(await entryCount()).toBe(before.entries + 2);
  });

  it('takes only text/csv, from finance and admin', async () => {
    const other = await aStaff(t, { role: 'hub_manager' });
    expect((await upload('invoice_number,status,reference_or_reason\n', other.token)).statusCode).toBe(403);
    const json = await call('POST', '/ops/payout-results', finance.token, { rows: [] });
    expect(json.statusCode).toBe(400);
  });
});
