import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aParcel, aPickupLocation, type Merchant } from '../../../test/factories';
import { addMember, caller } from '../../../test/fixtures';
import { createTestApp, registerMerchant, type TestApp } from '../../../test/helpers';
import { parcelExportHeaders } from './parcel-exports.service';

/**
 * Exports through the real queue: the app starts pg-boss in-process (JOBS=in-process), the job
 * builds the sheet, and the test reads the downloaded file back with exceljs.
 */
let t: TestApp;
let call: ReturnType<typeof caller>;
let owner: Merchant;
let stranger: Merchant;
const gulshan = 'dhaka-city--gulshan';
const sylhet = 'sylhet--sylhet-sadar';

async function book(m: Merchant, pickupLocationId: string, overrides: Record<string, unknown>) {
  const parcel = await aParcel(
    t,
    { shop: { ...m, pickupId: pickupLocationId } },
    { deliveryAreaId: gulshan, ...overrides },
  );
  t.clock.advance(60_000); // The next parcel is a minute younger, so the order is known.
  return parcel.trackingId;
}

async function waitReady(m: Merchant, id: string) {
  let body: Record<string, unknown> = {};
  await expect
    .poll(
      async () => {
        const res = await call('GET', `/shops/${m.shop.id}/parcel-exports/${id}`, m.token);
        expect(res.statusCode, res.body).toBe(200);
        body = res.json();
        return body.status;
      },
      { timeout: 20_000, interval: 200 },
    )
    .toBe('ready');
  return body;
}

/** An export the worker has not started yet, written straight to the table (no job runs it). */
function queuedExport(m: Merchant) {
  return t.database.db
    .insertInto('parcel_exports')
    .values({
      shop_id: m.shop.id,
      user_id: m.user.id,
      filters: JSON.stringify({ sort: 'createdAt:desc' }),
      file_name: 'parcels_2026-11-22.xlsx',
      created_at: t.clock.now(),
      expires_at: new Date(t.clock.now().getTime() + 3_600_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

async function readSheet(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Parcels');
  if (!sheet) throw new Error('no Parcels sheet');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

const sylhetTracking: string[] = [];
const gulshanTracking: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ JOBS: 'in-process' });
  call = caller(t);
  owner = await registerMerchant(t.app);
  stranger = await registerMerchant(t.app);
  const pickupId = await aPickupLocation(t, owner);
  for (let i = 0; i < 3; i++) {
    sylhetTracking.push(
      await book(owner, pickupId, {
        deliveryAreaId: sylhet,
        customerName: `Sylhet Customer ${i}`,
        customerAddress: 'Zindabazar, Sylhet Sadar',
        invoiceId: `INV-S${i}`,
      }),
    );
  }
  for (let i = 0; i < 2; i++) {
    gulshanTracking.push(await book(owner, pickupId, { customerName: `Gulshan Customer ${i}` }));
  }
});
afterAll(() => t.close());

describe('parcel exports', () => {
  it('exports exactly the filtered parcels to parcels_{date}.xlsx with the columns', async () => {
    const created = await call('POST', `/shops/${owner.shop.id}/parcel-exports`, owner.token, {
      deliveryAreaId: sylhet,
      sort: 'createdAt:asc',
    });
    expect(created.statusCode, created.body).toBe(202);
    const { id, status } = created.json<{ id: string; status: string }>();
    expect(['queued', 'running', 'ready']).toContain(status);

    const ready = await waitReady(owner, id);
    expect(ready).toMatchObject({
      rowsDone: 3,
      rowCount: 3,
      progress: 100,
      fileName: 'parcels_2026-11-22.xlsx',
      filters: { deliveryAreaId: sylhet, sort: 'createdAt:asc' },
      error: null,
    });
    // The real queue ran it. pg-boss marks the job completed just after the handler returns, so
    // the export can read ready a moment before its job does.
    const jobState = async () =>
      (
        await t.database.pool.query(
          "select state from pgboss.job where name = 'export-parcels' and data->>'exportId' = $1",
          [id],
        )
      ).rows[0]?.state;
    await expect.poll(jobState, { timeout: 10_000 }).toBe('completed');

    const file = await call('GET', `/shops/${owner.shop.id}/parcel-exports/${id}/download`, owner.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.headers['content-disposition']).toBe('attachment; filename="parcels_2026-11-22.xlsx"');
    const rows = await readSheet(file.rawPayload);
    expect(rows[0]).toEqual(parcelExportHeaders);
    expect(rows).toHaveLength(4);
    const data = rows.slice(1);
    expect(data.map((r) => r[0])).toEqual(sylhetTracking); // oldest first, as asked
    const header = (name: string) => parcelExportHeaders.indexOf(name);
    expect(data.map((r) => r[header('Invoice ID')])).toEqual(['INV-S0', 'INV-S1', 'INV-S2']);
    expect(data[0]?.[header('Customer name')]).toBe('Sylhet Customer 0');
    expect(data[0]?.[header('Delivery area')]).toBe('Sylhet Sadar');
    expect(data[0]?.[header('Cash collection (Tk)')]).toBe(1250);
    expect(data[0]?.[header('Status')]).toBe('pickup_pending');
    expect(data[0]?.[header('Customer phone')]).toBe('01712-345678');
    expect(data.every((r) => !gulshanTracking.includes(String(r[0])))).toBe(true);
  });

  it('exports the whole list without filters', async () => {
    const created = await call('POST', `/shops/${owner.shop.id}/parcel-exports`, owner.token, {});
    const ready = await waitReady(owner, created.json().id);
    expect(ready).toMatchObject({ rowCount: 5, rowsDone: 5 });
  });

  it('lets a member of the shop follow it, and answers another shop’s user 404 on every call', async () => {
    const created = await call('POST', `/shops/${owner.shop.id}/parcel-exports`, owner.token, {
      q: 'Gulshan',
    });
    const id = created.json().id as string;
    await waitReady(owner, id);
    const viewer = await addMember(t, owner.shop.id, 'viewer');
    expect((await call('GET', `/shops/${owner.shop.id}/parcel-exports/${id}`, viewer.token)).statusCode).toBe(
      200,
    );

    for (const url of [
      `/shops/${owner.shop.id}/parcel-exports/${id}`,
      `/shops/${owner.shop.id}/parcel-exports/${id}/download`,
      // Through the stranger's own shop: the export is not theirs.
      `/shops/${stranger.shop.id}/parcel-exports/${id}`,
      `/shops/${stranger.shop.id}/parcel-exports/${id}/download`,
    ]) {
      const res = await call('GET', url, stranger.token);
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('refuses bad filters with the field and queues nothing', async () => {
    const before = await t.database.db.selectFrom('parcel_exports').select('id').execute();
    const res = await call('POST', `/shops/${owner.shop.id}/parcel-exports`, owner.token, {
      status: 'lost_in_space',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(res.json().error.details)).toContain('status');
    const after = await t.database.db.selectFrom('parcel_exports').select('id').execute();
    expect(after).toHaveLength(before.length);
  });

  it('answers 409 EXPORT_NOT_READY for a download before the file is built', async () => {
    const row = await queuedExport(owner);
    const res = await call('GET', `/shops/${owner.shop.id}/parcel-exports/${row.id}/download`, owner.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('EXPORT_NOT_READY');
    const status = await call('GET', `/shops/${owner.shop.id}/parcel-exports/${row.id}`, owner.token);
    expect(status.json()).toMatchObject({ status: 'queued', progress: 0, rowCount: null });
  });

  it('refuses a fourth unfinished export of the shop with 429 and queues nothing', async () => {
    // One unfinished already (the queued row above); two more make three.
    for (let i = 0; i < 2; i++) await queuedExport(owner);
    const before = await t.database.db.selectFrom('parcel_exports').select('id').execute();
    const res = await call('POST', `/shops/${owner.shop.id}/parcel-exports`, owner.token, {});
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringContaining('Wait for one'),
    });
    expect(await t.database.db.selectFrom('parcel_exports').select('id').execute()).toHaveLength(
      before.length,
    );
    // Another shop is not held up.
    expect(
      (await call('POST', `/shops/${stranger.shop.id}/parcel-exports`, stranger.token, {})).statusCode,
    ).toBe(202);
    await t.database.db.deleteFrom('parcel_exports').where('status', '=', 'queued').execute();
  });

  it('expires exports after a day: gone from the API, and the job deletes rows and files', async () => {
    const created = await call('POST', `/shops/${owner.shop.id}/parcel-exports`, owner.token, {});
    const id = created.json().id as string;
    await waitReady(owner, id);
    const key = (
      await t.database.db
        .selectFrom('parcel_exports')
        .select('storage_key')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).storage_key;
    expect(key).toBe(`parcel-exports/${owner.shop.id}/${id}.xlsx`);

    t.clock.advance(25 * 60 * 60 * 1000);
    const gone = await call('GET', `/shops/${owner.shop.id}/parcel-exports/${id}`, owner.token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toContain('export the list again');

    // The scheduled job, sent now through the queue instead of waiting for minute 17.
    await t.app.jobs.send('expire-parcel-exports', {});
    await expect
      .poll(async () => (await t.database.db.selectFrom('parcel_exports').select('id').execute()).length, {
        timeout: 20_000,
        interval: 200,
      })
      .toBe(0);
    const { existsSync } = await import('node:fs');
    const { join } = await import('node:path');
    expect(existsSync(join(t.config.filesDir, key ?? 'missing'))).toBe(false);
  });
});
