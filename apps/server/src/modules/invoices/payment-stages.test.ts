import { paymentStatuses } from '@dak/domain/parcel-status';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { aParcel, aShop, aStaff, type Shop, type Staff } from '../../../test/factories';
import { caller } from '../../../test/fixtures';
import { useTestApp } from '../../../test/helpers';
import { aDeliveredParcel, anInvoice } from '../../../test/money-fixtures';

/**
 * The parcel list's payment filter and the export (issue 13, item 4) after real deliveries,
 * invoices, a payment and a bounce: one parcel of the shop in each payment stage.
 */
const t = useTestApp();
const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(t)(...args);
const hour = 3_600_000;
let shop: Shop;
let finance: Staff;
const inStage = {} as Record<(typeof paymentStatuses)[number], string>;

beforeAll(async () => {
  const admin = await aStaff(t, { role: 'admin' });
  finance = await aStaff(t, { role: 'finance' });
  shop = await aShop(t);
  // Each delivery an hour after the last, each run's cutoff between two of them.
  const cutoffs: Date[] = [];
  const delivered: string[] = [];
  for (let i = 0; i < 3; i++) {
    delivered.push((await aDeliveredParcel(t, shop, admin.token)).trackingId);
    cutoffs.push(new Date(t.clock.now().getTime() + hour / 2));
    t.clock.advance(hour);
  }
  const invoices = [];
  for (const [i, date] of ['2026-11-23', '2026-11-24', '2026-11-25'].entries()) {
    invoices.push(await anInvoice(t, shop, date, { cutoff: cutoffs[i] }));
  }
  const [processing, paid, bounced] = invoices;
  if (!processing || !paid || !bounced) throw new Error('invoices');
  const decide = async (invoiceId: string, path: string, body: object) => {
    const res = await call('POST', `/ops/invoices/${invoiceId}/${path}`, finance.token, body);
    if (res.statusCode !== 200) throw new Error(res.body);
  };
  await decide(paid.invoiceId, 'paid', { reference: 'TRX-1' });
  await decide(bounced.invoiceId, 'bounced', { reason: 'Account closed' });
  inStage.payment_processing = delivered[0] ?? '';
  inStage.paid = delivered[1] ?? '';
  inStage.bounced = delivered[2] ?? '';
  inStage.unpaid = (await aDeliveredParcel(t, shop, admin.token)).trackingId;
  inStage.cash_collection_pending = (await aParcel(t, { shop })).trackingId;
});

describe('payment stages in the parcel list and the export', () => {
  it('filter the list to exactly the parcels in each stage', async () => {
    for (const stage of paymentStatuses) {
      const res = await call('GET', `/shops/${shop.shop.id}/parcels?paymentStatus=${stage}`, shop.token);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ items: { trackingId: string; paymentStatus: string }[]; count: number }>();
      expect(
        body.items.map((p) => [p.trackingId, p.paymentStatus]),
        stage,
      ).toEqual([[inStage[stage], stage]]);
      expect(body.count).toBe(1);
    }
  });

  it('export the parcels of a stage with the stage in the sheet', async () => {
    const created = await call('POST', `/shops/${shop.shop.id}/parcel-exports`, shop.token, {
      paymentStatus: 'payment_processing',
    });
    expect(created.statusCode, created.body).toBe(202);
    const id = created.json().id as string;
    await expect
      .poll(
        async () =>
          (await call('GET', `/shops/${shop.shop.id}/parcel-exports/${id}`, shop.token)).json().status,
        { timeout: 20_000, interval: 200 },
      )
      .toBe('ready');
    const file = await call('GET', `/shops/${shop.shop.id}/parcel-exports/${id}/download`, shop.token);
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.getWorksheet('Parcels')?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const header = rows[0] as string[];
    const stageColumn = header.indexOf('Payment status');
    expect(rows.slice(1).map((r) => [r[0], r[stageColumn]])).toEqual([
      [inStage.payment_processing, 'payment_processing'],
    ]);
  });
});
