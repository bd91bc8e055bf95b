import { randomInt } from 'node:crypto';
import { bulkColumns } from '@dak/domain/bulk';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { Bench } from './lib';
import { benchPhone, ok, registerShop, smsOutbox } from './lib';

/**
 * The cast of the day's replay (bench/day.ts), made through the API as people would, before the
 * clock starts: an admin, one hub manager per hub (given that hub by the admin), and the shops
 * (registered, each with a pickup location in its own part of the country).
 */

export type Shop = Awaited<ReturnType<typeof registerShop>> & { pickupHub: string };
export type HubManager = { hubId: string; token: string };

const toE164 = (local: string) => `880${local.slice(1)}`;

/** The last 4-digit code sent to a phone (local form). */
function lastCode(phone: string): string {
  const to = toE164(phone);
  for (let i = smsOutbox.length - 1; i >= 0; i--) {
    const m = smsOutbox[i];
    if (m?.to === to) {
      const code = /\b(\d{4})\b/.exec(m.body)?.[1];
      if (code) return code;
    }
  }
  throw new Error(`no code sent to ${phone}`);
}

/** A staff member with a password (as staff:create makes one), signed in with the texted code. */
export async function signInStaff(bench: Bench, role: 'admin' | 'hub_manager') {
  const { hashPassword } = await import('../apps/server/src/modules/auth/passwords');
  const phone = benchPhone();
  const password = 'bench-staff-pass-1';
  const row = await bench.database.db
    .insertInto('staff')
    .values({
      phone: toE164(phone),
      role,
      name: `Bench ${role}`,
      password_hash: await hashPassword(password),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ok(bench.app, 'POST', '/ops/auth/login', { phone, password });
  const verified = await ok(bench.app, 'POST', '/ops/auth/verify', { phone, code: lastCode(phone) });
  return { id: row.id, token: verified.token as string };
}

/** Runs `work` for 0 … n-1 with at most `width` at once. */
export async function inParallel<T>(n: number, width: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, n) }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await work(i);
      }
    }),
  );
  return out;
}

export async function hubManagers(bench: Bench, adminToken: string, hubIds: readonly string[]) {
  return inParallel(hubIds.length, 4, async (i): Promise<HubManager> => {
    const hubId = hubIds[i] as string;
    const staff = await signInStaff(bench, 'hub_manager');
    const res = await bench.app.inject({
      method: 'PUT',
      url: `/api/v1/ops/staff/${staff.id}/hubs`,
      payload: { hubIds: [hubId] },
      headers: { authorization: `Bearer ${adminToken}` },
    });
    if (res.statusCode !== 200) throw new Error(`staff hubs: ${res.statusCode} ${res.body}`);
    return { hubId, token: staff.token };
  });
}

/**
 * `count` shops; shop i picks up from area `pickupAreas[i % n]` (a second pickup location, the
 * one the day uses), so pickups spread over the hubs.
 */
export async function shops(
  app: FastifyInstance,
  count: number,
  pickupAreas: readonly { id: string; hubId: string }[],
): Promise<Shop[]> {
  return inParallel(count, 4, async (i) => {
    const shop = await registerShop(app);
    const area = pickupAreas[(i * 7919) % pickupAreas.length] as { id: string; hubId: string };
    const pickup = await ok(
      app,
      'POST',
      `/shops/${shop.shopId}/pickup-locations`,
      { name: 'Main warehouse', address: `House ${i % 90}, Road 3`, areaId: area.id, phone: benchPhone() },
      shop.token,
    );
    return { ...shop, pickupLocationId: pickup.id as string, pickupHub: area.hubId };
  });
}

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

/** One customer's order as a merchant types it (or a sheet row holds it), amounts in taka. */
export function order(n: number, deliveryAreaId: string) {
  return {
    invoiceId: `DAY-${n}`,
    customerName: `${firstNames[n % firstNames.length]} ${lastNames[(n >> 3) % lastNames.length]}`,
    customerPhone: `01${3 + (n % 7)}${String(10_000_000 + ((n * 7_919) % 89_999_999)).slice(-8)}`,
    customerAddress: `House ${n % 200}, Road ${n % 30}, Block ${'ABCDE'[n % 5]}`,
    deliveryAreaId,
    weightGrams: 300 + (n % 20) * 100,
    sellingPrice: 500 + (n % 50) * 20,
    cashCollectionAmount: 550 + (n % 50) * 20,
  };
}
export type Order = ReturnType<typeof order>;

/** An .xlsx of orders with the template's headers, as a multipart upload with the pickup location. */
export async function sheetUpload(rows: readonly Order[], pickupLocationId: string) {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Parcels');
  sheet.addRow(bulkColumns.map((c) => c.header));
  for (const r of rows) {
    const byField: Record<string, string | number> = { ...r };
    sheet.addRow(bulkColumns.map((c) => byField[c.field] ?? ''));
  }
  const bytes = Buffer.from(await wb.xlsx.writeBuffer());
  const boundary = `----dakday${randomInt(1e9)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="pickupLocationId"\r\n\r\n${pickupLocationId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="orders.xlsx"\r\n` +
        'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}
