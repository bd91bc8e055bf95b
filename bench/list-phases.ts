import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { parcelListQuerySchema, parcelListSchema } from '@dak/domain/parcel';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { serialiseParcelList } from '../apps/server/src/modules/parcels/parcels.routes';
import { bookOneParcel, registerShop, startBench } from './lib';

/**
 * Where the parcel list's fixed cost goes (docs/performance.md, "Parcel list"): a 20-parcel shop,
 * then per phase the median of many runs in this process: the whole request (app.inject), the
 * session-and-role query alone (its round trip), zod's parse of the query, zod's encode of a page.
 * The app runs with the shop routes' session cache as in production (SESSION_CACHE_MS 5 s); set
 * PHASE_SESSION_CACHE_MS=0 to time the request with the guard's query.
 *   node --import tsx bench/list-phases.ts     (PHASE_RUNS=2000)
 */
const runs = Number(process.env.PHASE_RUNS ?? 2000);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function time(label: string, fn: () => unknown) {
  for (let i = 0; i < 200; i++) await fn();
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    xs.push(performance.now() - t0);
  }
  console.log(`${label.padEnd(44)} median ${(median(xs) * 1000).toFixed(0).padStart(6)} µs`);
}

const bench = await startBench('list-phases', {
  SESSION_CACHE_MS: process.env.PHASE_SESSION_CACHE_MS ?? '5000',
});
try {
  const { app, database } = bench;
  const shop = await registerShop(app);
  for (let i = 0; i < 20; i++) await bookOneParcel(app, shop);
  const url = `/api/v1/shops/${shop.shopId}/parcels`;
  const headers = { authorization: `Bearer ${shop.token}` };
  const page = (await app.inject({ method: 'GET', url, headers })).json();
  const tokenHash = createHash('sha256').update(shop.token).digest();
  const guardSql = `select s.id, s.user_id, s.staff_id, s.expires_at, s.revoked_at, m.role from sessions s
    left join shop_members m on m.user_id = s.user_id and m.shop_id = $2 and m.status = 'active'
    where s.token_hash = $1`;
  const encode = serializerCompiler({ schema: parcelListSchema, method: 'GET', url, httpStatus: '200' });
  const decoded = parcelListSchema.parse({
    ...page,
    items: page.items.map((p: { createdAt: string; updatedAt: string }) => ({
      ...p,
      createdAt: new Date(p.createdAt),
      updatedAt: new Date(p.updatedAt),
    })),
  });
  console.log(
    `load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  await time('GET list, 20 parcels (app.inject)', () => app.inject({ method: 'GET', url, headers }));
  await time('GET list, limit=1', () => app.inject({ method: 'GET', url: `${url}?limit=1`, headers }));
  await time('session + role query (pg round trip)', () =>
    database.pool.query(guardSql, [tokenHash, shop.shopId]),
  );
  await time('select 1 (pg round trip)', () => database.pool.query('select 1'));
  await time('zod parse of the query {}', () => parcelListQuerySchema.parse({}));
  await time('zod parse of q=Rahim&status…', () =>
    parcelListQuerySchema.parse({ q: 'Rahim', statusGroup: 'forward_in_progress', from: '2026-10-01' }),
  );
  await time('zod encode of the 20-parcel page', () => encode(decoded));
  await time('prebuilt serializer of the same page', () => serialiseParcelList(decoded));
  await time('JSON.stringify of the same page', () => JSON.stringify(decoded));
  console.log(
    `load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await bench.close();
}
