import { randomUUID } from 'node:crypto';
import { bulkColumns, bulkMessages, toCsv } from '@dak/domain/bulk';
import { isValidTrackingId } from '@dak/domain/tracking-id';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { aShop, parcelCount, type Shop } from '../../../test/factories';
import { caller, multipart, pngImage } from '../../../test/fixtures';
import { registerMerchant, uniquePhone, useTestApp } from '../../../test/helpers';

const t = useTestApp();
const call = caller(t);
let owner: Shop;
let pickupId: string;

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const base = () => `/shops/${owner.shop.id}/parcels/bulk`;

/** A template row: invoice, name, phone, alt phone, address, area, weight, price, cash, category, notes. */
function goodRow(i: number): (string | number)[] {
  return [
    `INV-${i}`,
    `Customer ${String.fromCharCode(65 + (i % 26))}`,
    `0171${String(1000000 + i).padStart(7, '0')}`,
    '',
    `House ${i}, Road 3, Gulshan 1, Dhaka`,
    'dhaka-city--gulshan',
    500,
    1200,
    1250,
    '',
    '',
  ];
}

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Parcels');
  sheet.addRow(bulkColumns.map((c) => c.header));
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function upload(filename: string, bytes: Buffer, contentType: string, fields: Record<string, string> = {}) {
  const form = multipart(fields, [{ field: 'file', filename, contentType, bytes }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1${base()}/preview`,
    headers: { authorization: `Bearer ${owner.token}`, ...form.headers },
    payload: form.payload,
  });
}

/** A bulk confirm as the web sends it: one Idempotency-Key per sheet. */
function confirmSheet(url: string, token: string, payload: unknown, key: string | null = randomUUID()) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${token}`, ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: payload as Record<string, unknown>,
  });
}

const countParcels = (shopId: string) => parcelCount(t, shopId);

beforeAll(async () => {
  owner = await aShop(t);
  pickupId = owner.pickupId;
});

describe('bulk upload', () => {
  it('downloads a template that reads back with our headers and an example row', async () => {
    const res = await call('GET', `${base()}/template`, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(xlsxType);
    expect(res.headers['content-disposition']).toContain('parcels_template.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).text).toBe('Invoice ID');
    expect(sheet?.getRow(1).cellCount).toBe(bulkColumns.length);
    expect(sheet?.getRow(2).getCell(3).text).toBe('01712345678');
    // The template itself previews clean.
    const preview = await upload('parcels_template.xlsx', res.rawPayload, xlsxType);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json(), preview.body).toMatchObject({ validCount: 1, errorCount: 0, limit: 100 });
  });

  it('previews 50 rows showing exactly the 5 bad ones, then books all 50 once fixed', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => goodRow(i));
    const bad = [3, 11, 20, 33, 47];
    (rows[3] as (string | number)[])[2] = '12345'; // phone
    (rows[11] as (string | number)[])[1] = ''; // name
    (rows[20] as (string | number)[])[8] = '12.5'; // cash
    (rows[33] as (string | number)[])[6] = 0; // weight
    (rows[47] as (string | number)[])[4] = ''; // address
    const res = await upload('march.xlsx', await workbook(rows), xlsxType);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ format: 'dak', validCount: 45, errorCount: 5 });
    const withErrors = body.rows.filter((r: { errors: unknown[] }) => r.errors.length > 0);
    expect(withErrors.map((r: { index: number }) => r.index)).toEqual(bad);
    const fieldsOf = (i: number) => withErrors.find((r: { index: number }) => r.index === i).errors;
    expect(fieldsOf(3)[0]).toMatchObject({ field: 'customerPhone' });
    expect(fieldsOf(11)[0]).toMatchObject({ field: 'customerName' });
    expect(fieldsOf(20)[0]).toMatchObject({ field: 'cashCollectionAmount' });
    expect(fieldsOf(33)[0]).toMatchObject({ field: 'weightGrams' });
    expect(fieldsOf(47).map((e: { field: string }) => e.field)).toContain('customerAddress');
    for (const r of withErrors) expect(r.errors[0].message).toEqual(expect.any(String));
    // Messages by key (issue 12): each row error carries its key and params beside the English.
    expect(fieldsOf(11)[0]).toEqual({
      field: 'customerName',
      message: 'Customer name is required',
      key: 'field.required',
      params: { field: 'Customer name' },
    });
    expect(fieldsOf(20)[0]).toEqual({
      field: 'cashCollectionAmount',
      message: 'Cash amount must contain digits only',
      key: 'pricing.cashDigitsOnly',
    });

    // The grid sends the fixed rows back as JSON.
    const fixed = body.rows.map((r: { index: number; input: Record<string, unknown> }) =>
      bad.includes(r.index)
        ? { ...r.input, ...Object.fromEntries(bulkColumns.map((c, k) => [c.field, goodRow(r.index)[k]])) }
        : r.input,
    );
    const again = await call('POST', `${base()}/preview`, owner.token, {
      rows: fixed,
      pickupLocationId: pickupId,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ validCount: 50, errorCount: 0 });

    const before = await countParcels(owner.shop.id);
    const confirm = await confirmSheet(`${base()}/confirm`, owner.token, {
      pickupLocationId: pickupId,
      sellingPriceAcknowledged: true,
      fileName: 'march.xlsx',
      rows: fixed,
    });
    expect(confirm.statusCode, confirm.body).toBe(201);
    const { trackingIds, created } = confirm.json();
    expect(created).toBe(50);
    expect(new Set(trackingIds).size).toBe(50);
    expect(trackingIds.every(isValidTrackingId)).toBe(true);
    expect(await countParcels(owner.shop.id)).toBe(before + 50);
    const list = await call('GET', `/shops/${owner.shop.id}/parcels?limit=100`, owner.token);
    const listed = new Set(list.json().items.map((p: { trackingId: string }) => p.trackingId));
    for (const id of trackingIds) expect(listed.has(id)).toBe(true);
    // Row order: the first tracking ID is INV-0's parcel.
    const first = await call('GET', `/shops/${owner.shop.id}/parcels?q=${trackingIds[0]}`, owner.token);
    expect(first.json().items[0].invoiceId).toBe('INV-0');

    const logs = await call('GET', `${base()}/logs`, owner.token);
    expect(logs.statusCode, logs.body).toBe(200);
    expect(logs.json().items[0]).toMatchObject({ fileName: 'march.xlsx', total: 50, created: 50, failed: 0 });
    expect(logs.json().count).toBeGreaterThanOrEqual(1);
  });

  it('books 1 200 rows over three batches: one first event each, one address-book row per phone', async () => {
    const other = await registerMerchant(t.app);
    const shopId = other.shop.id;
    const pickup = await call('POST', `/shops/${shopId}/pickup-locations`, other.token, {
      name: 'Gulshan shop',
      address: 'House 1, Road 2, Gulshan 1',
      areaId: 'dhaka-city--gulshan',
      phone: uniquePhone(),
    });
    expect(pickup.statusCode, pickup.body).toBe(201);
    await t.database.db
      .updateTable('shops')
      .set({ bulk_import_limit: 1200 })
      .where('id', '=', shopId)
      .execute();
    const repeat = uniquePhone();
    const alternate = uniquePhone();
    const rows = Array.from({ length: 1200 }, (_, i) => {
      const row = Object.fromEntries(bulkColumns.map((c, k) => [c.field, goodRow(i)[k]]));
      row.customerPhone = `018${String(10_000_000 + i).slice(-8)}`;
      // One customer in the first, second and third batch: the alternate phone only in the first.
      if (i === 10 || i === 700 || i === 1100) {
        row.customerPhone = repeat;
        row.customerName = `Repeat ${i}`;
        row.alternatePhone = i === 10 ? alternate : '';
      }
      return row;
    });
    const sheet = { pickupLocationId: pickup.json().id, sellingPriceAcknowledged: true, rows };
    const key = randomUUID();
    const res = await confirmSheet(`/shops/${shopId}/parcels/bulk/confirm`, other.token, sheet, key);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    const { trackingIds } = res.json();
    expect(trackingIds).toHaveLength(1200);
    // A retry of a sheet booked over several transactions answers the same and books nothing.
    const retry = await confirmSheet(`/shops/${shopId}/parcels/bulk/confirm`, other.token, sheet, key);
    expect(retry.statusCode, retry.body.slice(0, 300)).toBe(201);
    expect(retry.json()).toEqual(res.json());
    expect(new Set(trackingIds).size).toBe(1200);
    expect(await countParcels(shopId)).toBe(1200);
    // Row order: the 701st tracking ID is INV-700's parcel.
    const row700 = await call('GET', `/shops/${shopId}/parcels?q=${trackingIds[700]}`, other.token);
    expect(row700.json().items[0]).toMatchObject({ invoiceId: 'INV-700', customerName: 'Repeat 700' });
    const events = await t.database.db
      .selectFrom('parcel_events as e')
      .innerJoin('parcels as p', 'p.id', 'e.parcel_id')
      .select(['e.to_status', 'e.from_status', 'e.actor_user_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('p.shop_id', '=', shopId)
      .groupBy(['e.to_status', 'e.from_status', 'e.actor_user_id'])
      .execute();
    expect(events).toEqual([
      { to_status: 'pickup_pending', from_status: null, actor_user_id: other.user.id, n: 1200 },
    ]);
    const customers = await t.database.db
      .selectFrom('shop_customers')
      .select(['phone', 'name', 'alternate_phone', 'parcel_count'])
      .where('shop_id', '=', shopId)
      .execute();
    expect(customers).toHaveLength(1198);
    expect(customers.find((c) => c.phone === `880${repeat.slice(1)}`)).toEqual({
      phone: `880${repeat.slice(1)}`,
      name: 'Repeat 1100',
      alternate_phone: `880${alternate.slice(1)}`,
      parcel_count: 3,
    });
  });

  it('takes a JSON sheet above the API’s general 1 MB body limit', async () => {
    await t.database.db
      .updateTable('shops')
      .set({ bulk_import_limit: 3000 })
      .where('id', '=', owner.shop.id)
      .execute();
    const row = Object.fromEntries(bulkColumns.map((c, k) => [c.field, goodRow(1)[k]]));
    const rows = Array.from({ length: 3000 }, () => ({
      ...row,
      instructions: 'Call before delivery. '.repeat(20),
    }));
    const res = await call('POST', `${base()}/preview`, owner.token, { rows });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json()).toMatchObject({ validCount: 3000, errorCount: 0 });
    await t.database.db
      .updateTable('shops')
      .set({ bulk_import_limit: 100 })
      .where('id', '=', owner.shop.id)
      .execute();
  });

  it('refuses a confirm without pickup location or acknowledgement, or with a bad row, booking nothing', async () => {
    const rows = [0, 1].map((i) =>
      Object.fromEntries(bulkColumns.map((c, k) => [c.field, goodRow(100 + i)[k]])),
    );
    const before = await countParcels(owner.shop.id);
    const noPickup = await confirmSheet(`${base()}/confirm`, owner.token, {
      sellingPriceAcknowledged: true,
      rows,
    });
    expect(noPickup.statusCode).toBe(400);
    expect(noPickup.body).toContain('Choose a pickup location');
    const noAck = await confirmSheet(`${base()}/confirm`, owner.token, { pickupLocationId: pickupId, rows });
    expect(noAck.statusCode).toBe(400);
    expect(noAck.body).toContain('selling price');
    const falseAck = await confirmSheet(`${base()}/confirm`, owner.token, {
      pickupLocationId: pickupId,
      sellingPriceAcknowledged: false,
      rows,
    });
    expect(falseAck.statusCode).toBe(400);
    const oneBad = await confirmSheet(`${base()}/confirm`, owner.token, {
      pickupLocationId: pickupId,
      sellingPriceAcknowledged: true,
      rows: [rows[0], { ...rows[1], customerPhone: '123' }],
    });
    expect(oneBad.statusCode).toBe(400);
    expect(oneBad.json().error.details.rows).toEqual([
      { index: 1, errors: [expect.objectContaining({ field: 'customerPhone' })] },
    ]);
    expect(await countParcels(owner.shop.id)).toBe(before);
  });

  it('refuses more rows than the shop’s import limit, and honours a raised limit', async () => {
    const row = Object.fromEntries(bulkColumns.map((c, k) => [c.field, goodRow(1)[k]]));
    const rows = Array.from({ length: 101 }, () => row);
    const res = await call('POST', `${base()}/preview`, owner.token, { rows });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: { limit: 100 } });
    await t.database.db
      .updateTable('shops')
      .set({ bulk_import_limit: 200 })
      .where('id', '=', owner.shop.id)
      .execute();
    const raised = await call('POST', `${base()}/preview`, owner.token, { rows });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().limit).toBe(200);
    await t.database.db
      .updateTable('shops')
      .set({ bulk_import_limit: 100 })
      .where('id', '=', owner.shop.id)
      .execute();
  });

  it('maps a Shopify orders export', async () => {
    const csv = toCsv([
      [
        'Name',
        'Email',
        'Financial Status',
        'Total',
        'Lineitem name',
        'Shipping Name',
        'Shipping Address1',
        'Shipping Address2',
        'Shipping City',
        'Shipping Phone',
        'Notes',
      ],
      [
        '#1001',
        'a@example.com',
        'pending',
        '1250.00',
        'Saree',
        'Rahima Begum',
        'House 5, Road 3',
        'Gulshan 1',
        'Dhaka',
        '01712345678',
        'Call first',
      ],
      ['#1001', '', '', '', 'Blouse', '', '', '', '', '', ''],
      [
        '#1002',
        'b@example.com',
        'paid',
        '800.00',
        'Kurti',
        'Karim Uddin',
        'Flat 2B, Road 10',
        'Dhanmondi',
        'Dhaka',
        '+8801812345678',
        '',
      ],
    ]);
    const res = await upload('orders_export.csv', Buffer.from(csv), 'text/csv');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.format).toBe('shopify');
    expect(body.rows).toHaveLength(2);
    expect(body.rows[0].input).toMatchObject({
      invoiceId: '#1001',
      customerName: 'Rahima Begum',
      customerPhone: '01712345678',
      customerAddress: 'House 5, Road 3, Gulshan 1, Dhaka',
      sellingPrice: '1250',
      cashCollectionAmount: '1250',
      weightGrams: 500,
      instructions: 'Call first',
    });
    expect(body.rows[1].input).toMatchObject({
      invoiceId: '#1002',
      sellingPrice: '800',
      cashCollectionAmount: '0',
    });
  });

  it('maps a WooCommerce orders export', async () => {
    const csv = toCsv([
      [
        'Order Number',
        'Order Status',
        'Shipping First Name',
        'Shipping Last Name',
        'Billing Phone',
        'Shipping Address 1',
        'Shipping Address 2',
        'Shipping City',
        'Order Total',
        'Payment Method',
        'Customer Note',
      ],
      [
        '5001',
        'processing',
        'Nasrin',
        'Akter',
        '01912345678',
        'House 7, Road 2',
        'Mirpur 10',
        'Dhaka',
        '950.00',
        'cod',
        'Evening only',
      ],
      [
        '5002',
        'processing',
        'Jamal',
        'Hossain',
        '01612345678',
        'Zindabazar',
        '',
        'Sylhet',
        '1500',
        'bkash',
        '',
      ],
    ]);
    const res = await upload('woo.csv', Buffer.from(csv), 'text/csv', { format: 'woocommerce' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.format).toBe('woocommerce');
    expect(body.rows[0].input).toMatchObject({
      invoiceId: '5001',
      customerName: 'Nasrin Akter',
      customerPhone: '01912345678',
      customerAddress: 'House 7, Road 2, Mirpur 10, Dhaka',
      sellingPrice: '950',
      cashCollectionAmount: '950',
      instructions: 'Evening only',
    });
    expect(body.rows[1].input).toMatchObject({ invoiceId: '5002', cashCollectionAmount: '0' });
  });

  it('refuses a PNG renamed .csv, another file type, and a request without a file', async () => {
    const png = await upload('orders.csv', pngImage(), 'text/csv');
    expect(png.statusCode).toBe(415);
    expect(png.json().error.code).toBe('FILE_TYPE_NOT_ALLOWED');
    const pdf = await upload('orders.pdf', Buffer.from('%PDF-1.7'), 'application/pdf');
    expect(pdf.statusCode).toBe(415);
    const fakeXlsx = await upload('orders.xlsx', Buffer.from('a,b,c\n'), xlsxType);
    expect(fakeXlsx.statusCode).toBe(415);
    const none = multipart({ format: 'dak' }, []);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1${base()}/preview`,
      headers: { authorization: `Bearer ${owner.token}`, ...none.headers },
      payload: none.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('FILE_REQUIRED');
  });

  it('reads a missing delivery area from the address only for shops with area-prediction-bulk', async () => {
    const row = {
      customerName: 'Rahima Begum',
      customerPhone: '01712345678',
      customerAddress: 'House 12, Road 5, Mirpur 10, Dhaka',
      weightGrams: 500,
      sellingPrice: 1200,
      cashCollectionAmount: 1250,
    };
    const flag = (enabled: boolean, allowList: string[]) =>
      t.database.db
        .updateTable('feature_flags')
        .set({ enabled, percentage: 0, allow_list: allowList })
        .where('name', '=', 'area-prediction-bulk')
        .execute();
    await flag(true, [owner.shop.id]);
    const on = await call('POST', `${base()}/preview`, owner.token, { rows: [row] });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().rows[0]).toMatchObject({
      errors: [],
      predictedArea: { areaId: 'dhaka-city--mirpur-10' },
    });
    await flag(true, []);
    const off = await call('POST', `${base()}/preview`, owner.token, { rows: [row] });
    expect(off.json().rows[0].predictedArea).toBeUndefined();
    expect(off.json().rows[0].errors).toEqual([
      {
        field: 'deliveryAreaId',
        message: 'Delivery area is required',
        key: 'field.required',
        params: { field: 'Delivery area' },
      },
    ]);
  });

  it('keeps other shops and viewers out', async () => {
    const stranger = await registerMerchant(t.app);
    const res = await call('GET', `${base()}/logs`, stranger.token);
    expect([403, 404]).toContain(res.statusCode);
  });

  describe('Idempotency-Key on confirm (issue 11, finding 9)', () => {
    const sheetOf = (from: number, count: number) => ({
      pickupLocationId: pickupId,
      sellingPriceAcknowledged: true,
      fileName: 'retry.xlsx',
      rows: Array.from({ length: count }, (_, i) =>
        Object.fromEntries(bulkColumns.map((c, k) => [c.field, goodRow(from + i)[k]])),
      ),
    });
    const logCount = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('bulk_parcel_create_logs')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('shop_id', '=', owner.shop.id)
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('books a retried sheet once and answers the retry with the first answer', async () => {
      const sheet = sheetOf(9000, 3);
      const key = randomUUID();
      const [parcels, logs] = [await countParcels(owner.shop.id), await logCount()];
      const first = await confirmSheet(`${base()}/confirm`, owner.token, sheet, key);
      expect(first.statusCode, first.body).toBe(201);
      const second = await confirmSheet(`${base()}/confirm`, owner.token, sheet, key);
      expect(second.statusCode, second.body).toBe(201);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.body).toBe(first.body);
      expect(await countParcels(owner.shop.id)).toBe(parcels + 3);
      expect(await logCount()).toBe(logs + 1);
    });

    it('books once when two confirms with one key race', async () => {
      const sheet = sheetOf(9100, 4);
      const key = randomUUID();
      const before = await countParcels(owner.shop.id);
      const [a, b] = await Promise.all([
        confirmSheet(`${base()}/confirm`, owner.token, sheet, key),
        confirmSheet(`${base()}/confirm`, owner.token, sheet, key),
      ]);
      expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([201, 201]);
      expect(a.json()).toEqual(b.json());
      expect(await countParcels(owner.shop.id)).toBe(before + 4);
    });

    it('refuses a confirm without a key, and a key sent again with another sheet or booking', async () => {
      const before = await countParcels(owner.shop.id);
      const none = await confirmSheet(`${base()}/confirm`, owner.token, sheetOf(9200, 2), null);
      expect(none.statusCode, none.body).toBe(400);
      expect(none.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: bulkMessages.idempotencyKeyRequired,
      });
      const blank = await confirmSheet(`${base()}/confirm`, owner.token, sheetOf(9200, 2), '  ');
      expect(blank.statusCode, blank.body).toBe(400);
      expect(blank.json().error.message).toBe(bulkMessages.idempotencyKeyRequired);
      expect(await countParcels(owner.shop.id)).toBe(before);

      const key = randomUUID();
      const first = await confirmSheet(`${base()}/confirm`, owner.token, sheetOf(9300, 2), key);
      expect(first.statusCode, first.body).toBe(201);
      const other = await confirmSheet(`${base()}/confirm`, owner.token, sheetOf(9400, 2), key);
      expect(other.statusCode, other.body).toBe(409);
      expect(other.json().error).toMatchObject({
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: bulkMessages.idempotencyKeyReused,
      });

      // A single booking's key is not a sheet's, and the other way round.
      const single = Object.fromEntries(bulkColumns.map((c, k) => [c.field, goodRow(9500)[k]]));
      const singleKey = randomUUID();
      const bookSingle = (idempotencyKey: string) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/shops/${owner.shop.id}/parcels`,
          headers: { authorization: `Bearer ${owner.token}`, 'idempotency-key': idempotencyKey },
          payload: {
            ...single,
            alternatePhone: undefined,
            categoryId: undefined,
            instructions: undefined,
            pickupLocationId: pickupId,
          },
        });
      const booked = await bookSingle(singleKey);
      expect(booked.statusCode, booked.body).toBe(201);
      const asSheet = await confirmSheet(`${base()}/confirm`, owner.token, sheetOf(9600, 1), singleKey);
      expect(asSheet.statusCode, asSheet.body).toBe(409);
      const asSingle = await bookSingle(key);
      expect(asSingle.statusCode, asSingle.body).toBe(409);
      expect(await countParcels(owner.shop.id)).toBe(before + 3);
    });
  });
});
