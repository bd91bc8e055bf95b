import { randomInt, randomUUID } from 'node:crypto';
import { bulkColumns } from '@dak/domain/bulk';
import { newTrackingId } from '@dak/domain/tracking-id';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { deadline, machine, median, registerShop, startBench } from './lib';

/**
 * Bulk booking of a 10 000-row sheet (docs/performance.md, "Bulk booking"): the merchant's path
 * over HTTP (app.inject: the .xlsx uploaded to preview with the pickup location, then the rows
 * confirmed as the web app sends them) against the same rows put into `parcels` by raw multi-row
 * INSERTs (2 000 rows a statement: 30 columns × 2 000 = 60 000 parameters, under PostgreSQL's
 * 65 535), in one transaction, in the same process and database, in turns.
 *   npm run bench -- bulk          (BENCH_ROWS=10000, BENCH_ROUNDS=3)
 */
const rowCount = Number(process.env.BENCH_ROWS ?? 10_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const rawBatch = 2_000;

type Row = {
  invoiceId: string;
  customerName: string;
  customerPhone: string;
  customerAddress: string;
  deliveryAreaId: string;
  weightGrams: number;
  sellingPrice: number;
  cashCollectionAmount: number;
};

const firstNames = [
  'Rahim',
  'Karim',
  'Fatema',
  'Ayesha',
  'Nusrat',
  'Tanvir',
  'Sadia',
  'Hasan',
  'Mitu',
  'Rafiq',
];
const lastNames = ['Uddin', 'Begum', 'Hossain', 'Akter', 'Islam', 'Rahman', 'Khatun', 'Ahmed'];

function makeRows(round: number, areas: readonly string[]): Row[] {
  return Array.from({ length: rowCount }, (_, i) => ({
    invoiceId: `INV-${round}-${i}`,
    customerName: `${firstNames[i % firstNames.length]} ${lastNames[(i >> 3) % lastNames.length]}`,
    // Distinct per round and row.
    customerPhone: `01${3 + (round % 7)}${String(1_000_000 + i).padStart(8, '0')}`,
    customerAddress: `House ${i % 200}, Road ${i % 30}, Block ${'ABCDE'[i % 5]}`,
    deliveryAreaId: areas[i % areas.length] as string,
    weightGrams: 300 + (i % 20) * 100,
    sellingPrice: 500 + (i % 50) * 20,
    cashCollectionAmount: 550 + (i % 50) * 20,
  }));
}

async function workbook(rows: readonly Row[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Parcels');
  sheet.addRow(bulkColumns.map((c) => c.header));
  for (const r of rows) {
    const byField: Record<string, string | number> = { ...r };
    sheet.addRow(bulkColumns.map((c) => byField[c.field] ?? ''));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(fields: Record<string, string>, file: { filename: string; bytes: Buffer }) {
  const boundary = `----dakbench${randomInt(1e9)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\n` +
        'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const toE164 = (local: string) => `880${local.slice(1)}`;

export async function runBulkBench() {
  console.error('bench bulk: starting PostgreSQL, migrating, seeding…');
  const bench = await startBench('bulk');
  const stop = deadline(20 * 60_000, bench.close);
  try {
    const { app, database } = bench;
    const { db } = database;
    const shop = await registerShop(app);
    await db.updateTable('shops').set({ bulk_import_limit: 10_000 }).where('id', '=', shop.shopId).execute();
    const areas = (
      await db.selectFrom('areas').select('id').where('is_covered', '=', true).orderBy('id').execute()
    ).map((a) => a.id);
    const auth = { authorization: `Bearer ${shop.token}` };

    /** The same rows into parcels by hand: multi-row INSERTs in one transaction. */
    const rawInsert = async (rows: readonly Row[]) => {
      const now = new Date();
      const r0 = performance.now();
      await db.transaction().execute(async (trx) => {
        for (let start = 0; start < rows.length; start += rawBatch) {
          const values = rows.slice(start, start + rawBatch).map((r) => ({
            tracking_id: newTrackingId(randomInt),
            shop_id: shop.shopId,
            pickup_location_id: shop.pickupLocationId,
            delivery_area_id: r.deliveryAreaId,
            customer_name: r.customerName,
            customer_phone: toE164(r.customerPhone),
            customer_address: r.customerAddress,
            alternate_phone: null,
            invoice_id: r.invoiceId,
            category_id: null,
            category_variant_id: null,
            selling_price_poisha: r.sellingPrice * 100,
            cash_collection_poisha: r.cashCollectionAmount * 100,
            weight_grams: r.weightGrams,
            instructions: null,
            parcel_type: 'forward' as const,
            flow_type: 'regular' as const,
            status: 'pickup_pending' as const,
            seller_status: 'pickup_pending' as const,
            payment_status: 'cash_collection_pending' as const,
            delivery_charge_poisha: 6000,
            cod_charge_poisha: 550,
            total_charge_poisha: 6550,
            return_charge_poisha: 3000,
            rate_class: 'same_city' as const,
            price_plan_id: 'default',
            pickup_date: '2026-11-22',
            created_by_user_id: shop.userId,
            created_at: now,
            updated_at: now,
          }));
          await trx.insertInto('parcels').values(values).execute();
        }
      });
      return performance.now() - r0;
    };

    type Turn = { preview: number; confirm: number; ours: number; raw: number; bytes: number };
    const turns: Turn[] = [];
    // Round 0 warms up (JIT, the plan cache, the areas' pages) and is not counted.
    for (let round = 0; round <= rounds; round++) {
      const rows = makeRows(round, areas);
      const bytes = await workbook(rows);
      const form = multipart({ pickupLocationId: shop.pickupLocationId }, { filename: 'orders.xlsx', bytes });

      const rawBefore = await rawInsert(rows);
      const t0 = performance.now();
      const preview = await app.inject({
        method: 'POST',
        url: `/api/v1/shops/${shop.shopId}/parcels/bulk/preview`,
        headers: { ...auth, 'content-type': form.contentType },
        payload: form.payload,
      });
      const t1 = performance.now();
      if (preview.statusCode !== 200)
        throw new Error(`preview: ${preview.statusCode} ${preview.body.slice(0, 500)}`);
      const checked = preview.json<{ validCount: number; rows: { input: Record<string, unknown> }[] }>();
      if (checked.validCount !== rowCount)
        throw new Error(`preview: ${checked.validCount} valid of ${rowCount}`);
      const confirm = await app.inject({
        method: 'POST',
        url: `/api/v1/shops/${shop.shopId}/parcels/bulk/confirm`,
        headers: { ...auth, 'idempotency-key': randomUUID() },
        payload: {
          pickupLocationId: shop.pickupLocationId,
          sellingPriceAcknowledged: true,
          fileName: 'orders.xlsx',
          rows: checked.rows.map((r) => r.input),
        },
      });
      const t2 = performance.now();
      if (confirm.statusCode !== 201)
        throw new Error(`confirm: ${confirm.statusCode} ${confirm.body.slice(0, 500)}`);
      if (confirm.json<{ created: number }>().created !== rowCount)
        throw new Error('confirm: not every row booked');

      // Raw runs just before and just after ours, so a machine that gets busier affects both.
      const raw = (rawBefore + (await rawInsert(rows))) / 2;
      const turn = { preview: t1 - t0, confirm: t2 - t1, ours: t2 - t0, raw, bytes: bytes.length };
      console.error(
        `bench bulk: round ${round}${round === 0 ? ' (warm-up)' : ''}: preview ${turn.preview.toFixed(0)} ms, ` +
          `confirm ${turn.confirm.toFixed(0)} ms, raw ${raw.toFixed(0)} ms`,
      );
      if (round > 0) turns.push(turn);
    }
    const { n } = await sql<{ n: string }>`select count(*) as n from parcels`
      .execute(db)
      .then((r) => r.rows[0] ?? { n: '0' });
    const m = (k: keyof Turn) => median(turns.map((t) => t[k]));
    const range = (k: keyof Turn) =>
      `${Math.min(...turns.map((t) => t[k])).toFixed(0)}–${Math.max(...turns.map((t) => t[k])).toFixed(0)}`;
    console.log(
      [
        machine(),
        `${rowCount} rows (.xlsx ${(m('bytes') / 1024).toFixed(0)} kB), ${rounds} rounds after a warm-up; ${n} parcels in the table at the end`,
        '',
        '| step | median ms | range ms | / raw |',
        '| --- | ---: | ---: | ---: |',
        `| ours: preview (upload, read .xlsx, check every row) | ${m('preview').toFixed(0)} | ${range('preview')} | ${(m('preview') / m('raw')).toFixed(2)} |`,
        `| ours: confirm (check again, book: parcels, events, address book, log) | ${m('confirm').toFixed(0)} | ${range('confirm')} | ${(m('confirm') / m('raw')).toFixed(2)} |`,
        `| ours: preview + confirm | ${m('ours').toFixed(0)} | ${range('ours')} | **${(m('ours') / m('raw')).toFixed(2)}** |`,
        `| raw: multi-row INSERT into parcels (${Math.ceil(rowCount / rawBatch)} × ${rawBatch} rows, one transaction; mean of a run before and after ours) | ${m('raw').toFixed(0)} | ${range('raw')} | 1.00 |`,
        '',
        `per-round ratios (ours / raw): ${turns.map((t) => (t.ours / t.raw).toFixed(2)).join(', ')}`,
      ].join('\n'),
    );
  } finally {
    stop();
    await bench.close();
  }
}
