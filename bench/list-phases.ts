import { Session } from 'node:inspector/promises';
import { loadavg } from 'node:os';
import { parcelListQuerySchema } from '@dak/domain/parcel';
import { parcelListCountCap } from '@dak/domain/parcel-list';
import { sql } from 'kysely';
import type pg from 'pg';
import {
  createParcelListRepository,
  type ParcelListFilter,
} from '../apps/server/src/modules/parcels/parcel-list.repository';
import { createParcelQueries, parcelLoader } from '../apps/server/src/modules/parcels/parcel-queries.service';
import { createParcelsRepository } from '../apps/server/src/modules/parcels/parcels.repository';
import { serialiseParcelList } from '../apps/server/src/modules/parcels/parcels.routes';
import { registerShop, startBench } from './lib';
import { generate, handWritten } from './list';

/**
 * Where the parcel list's time goes (docs/performance.md, "Parcel list"), for the scenarios of
 * `bench/list.ts` where the API's fixed cost weighs most: the first page (a capped count of 10 001
 * index entries), a whole phone and a tracking ID (one parcel each). A busy shop of 50 000 parcels
 * among PHASE_PARCELS (100 000; `generate` of list.ts), then per scenario the median and p95 of
 * PHASE_RUNS runs of each phase in this process: the whole request (app.inject, session cache on as
 * in production), the handler's service call, zod's parse of the query, the statements' lookup
 * (and what building them with Kysely on every request costs), the page and the count on the pool
 * alone, at once and one after the other, unnamed and named, the page's encode, and a 404 through
 * the same hooks. Then how often each named statement ran with a generic or a custom plan
 * (pg_prepared_statements, every pooled connection).
 *   node --import tsx bench/list-phases.ts     (PHASE_RUNS=1000)
 */
const runs = Number(process.env.PHASE_RUNS ?? 1000);
const total = Number(process.env.PHASE_PARCELS ?? 100_000);
const busyCount = Number(process.env.PHASE_BUSY ?? 50_000);
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const at = (xs: number[], p: number) => sorted(xs)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function time(fn: () => unknown) {
  for (let i = 0; i < Math.min(200, runs); i++) await fn();
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    xs.push(performance.now() - t0);
  }
  return { p50: at(xs, 0.5) * 1000, p95: at(xs, 0.95) * 1000 };
}

/** The process's CPU per call (user + system), which a busy machine hardly moves. */
async function cpu(fn: () => unknown) {
  for (let i = 0; i < Math.min(200, runs); i++) await fn();
  const before = process.cpuUsage();
  for (let i = 0; i < runs; i++) await fn();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / runs;
}

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** Self time per function of a CPU profile, the largest first. */
function selfTimes(profile: Profile, top: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFunction = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const f = byId.get(id)?.callFrame;
    const us = profile.timeDeltas[i] ?? 0;
    total += us;
    if (!f) return;
    const file = f.url
      .replace(/^file:\/\//, '')
      .replace(/.*node_modules\//, '')
      .replace(/.*\/wt-[^/]+\//, '');
    const key = `${f.functionName || '(anonymous)'} ${file || '(native)'}${f.url ? `:${f.lineNumber + 1}` : ''}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  });
  return [...byFunction]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, us]) => `  ${((us / total) * 100).toFixed(1).padStart(5)} %  ${k}`)
    .join('\n');
}

const bench = await startBench('list-phases', {
  SESSION_CACHE_MS: process.env.PHASE_SESSION_CACHE_MS ?? '5000',
});
try {
  const { app, database } = bench;
  const { db } = database;
  const pool = database.pool as pg.Pool;
  const shop = await registerShop(app);
  const g0 = performance.now();
  await generate(db, shop, { total, busyCount });
  console.log(
    `generated ${total} parcels (busy shop ${busyCount}) in ${((performance.now() - g0) / 1000).toFixed(0)} s; load ${load()}`,
  );
  const sample = (
    await sql<{ tracking_id: string; customer_phone: string }>`
      select tracking_id, customer_phone from parcels where shop_id = ${shop.shopId}
      order by created_at desc offset 500 limit 1`.execute(db)
  ).rows[0];
  if (!sample) throw new Error('no parcel in the busy shop');

  /** How the API's own named statements were planned, on every connection of the pool. */
  async function planCounts() {
    const clients: pg.PoolClient[] = [];
    const plans = new Map<string, { generic: number; custom: number; connections: number }>();
    try {
      for (let i = pool.totalCount; i > 0; i--) clients.push(await pool.connect());
      for (const client of clients) {
        const { rows } = await client.query<{
          statement: string;
          generic_plans: string;
          custom_plans: string;
        }>(
          `select statement, generic_plans, custom_plans from pg_prepared_statements where name like 'dak_parcel_list_%'`,
        );
        for (const r of rows) {
          const key = r.statement
            .replace(/\s+/g, ' ')
            .replace(/^select (count|"p").*? where /, '$1 … where ');
          const p = plans.get(key) ?? { generic: 0, custom: 0, connections: 0 };
          p.generic += Number(r.generic_plans);
          p.custom += Number(r.custom_plans);
          p.connections++;
          plans.set(key, p);
        }
      }
    } finally {
      for (const client of clients) client.release();
    }
    console.log("\nthe API's named statements (pg_prepared_statements over the pool's connections):");
    for (const [text, p] of plans)
      console.log(
        `  ${p.connections} connections, ${p.generic} generic / ${p.custom} custom plans: ${text}…`,
      );
  }

  const repo = createParcelsRepository(db, pool);
  const queries = createParcelQueries({ repo, load: parcelLoader(repo) });
  const base: ParcelListFilter = {
    shopId: shop.shopId,
    sort: 'desc',
    limit: 20,
    offset: 0,
    countCap: parcelListCountCap,
  };
  const scenarios: {
    name: string;
    query: Record<string, string>;
    hand: Record<string, string>;
    filter: ParcelListFilter;
  }[] = [
    { name: 'first page, no filter', query: {}, hand: {}, filter: base },
    {
      name: 'search whole phone',
      query: { q: `0${sample.customer_phone.slice(3)}` },
      hand: { phone: sample.customer_phone },
      filter: { ...base, search: { phone: sample.customer_phone } },
    },
    {
      name: 'search tracking ID',
      query: { q: sample.tracking_id },
      hand: { trackingId: sample.tracking_id },
      filter: { ...base, search: { trackingId: sample.tracking_id } },
    },
  ];
  const headers = { authorization: `Bearer ${shop.token}` };
  const url = `/api/v1/shops/${shop.shopId}/parcels`;
  console.log(`load ${load()}; ${runs} runs per phase; µs`);
  for (const s of scenarios) {
    if (process.env.PHASE_ONLY && !s.name.includes(process.env.PHASE_ONLY)) continue;
    const search = new URLSearchParams(s.query).toString();
    const parsed = parcelListQuerySchema.parse(s.query);
    const { statements, parameters } = repo.listStatements(s.filter);
    const unnamed = (which: 'page' | 'count') => ({
      text: statements[which].sql,
      values: parameters[which],
    });
    const named = (which: 'page' | 'count') => ({
      name: `bench_phase_${which}_${scenarios.indexOf(s)}`,
      ...unnamed(which),
    });
    const page = await queries.list(s.filter.shopId, parsed);
    const phases: [string, () => unknown][] = [
      [
        'request (app.inject, session cache on)',
        () => app.inject({ method: 'GET', url: `${url}?${search}`, headers }),
      ],
      [
        'a 404 through the same hooks (app.inject)',
        () => app.inject({ method: 'GET', url: '/api/v1/nothing', headers }),
      ],
      [
        'handler: service list (statements as the API runs them)',
        () => queries.list(s.filter.shopId, parsed),
      ],
      ['zod parse of the query', () => parcelListQuerySchema.parse(s.query)],
      ['statements: shape and cached text', () => repo.listStatements(s.filter)],
      [
        'statements built with Kysely (as on every request before)',
        () => createParcelListRepository(db).statementsOf(s.filter),
      ],
      ['page query, unnamed', () => pool.query(unnamed('page'))],
      ['page query, named', () => pool.query(named('page'))],
      ['count query, unnamed', () => pool.query(unnamed('count'))],
      ['count query, named', () => pool.query(named('count'))],
      [
        'page ∥ count, unnamed (Promise.all)',
        () => Promise.all([pool.query(unnamed('page')), pool.query(unnamed('count'))]),
      ],
      ['page ∥ count, named', () => Promise.all([pool.query(named('page')), pool.query(named('count'))])],
      [
        'page then count, named',
        async () => {
          await pool.query(named('page'));
          await pool.query(named('count'));
        },
      ],
      ['select 1 (the round trip floor)', () => pool.query('select 1')],
      ['encode of the page (prebuilt serializer)', () => serialiseParcelList(page)],
    ];
    console.log(
      `\n${s.name} (${page.items.length} items, count ${page.count}${page.countCapped ? '+' : ''}; shape: page ${statements.page.name ? 'named' : 'unnamed'}); load ${load()}`,
    );
    console.log(`| phase | p50 µs | p95 µs |\n| --- | ---: | ---: |`);
    for (const [label, fn] of process.env.PHASE_CPU_ONLY ? [] : phases) {
      const t = await time(fn);
      console.log(`| ${label} | ${t.p50.toFixed(0)} | ${t.p95.toFixed(0)} |`);
    }
    const hand = handWritten(shop.shopId, { name: s.name, query: s.hand });
    const request = () => app.inject({ method: 'GET', url: `${url}?${search}`, headers });
    const from = process.hrtime.bigint() / 1000n;
    const apiCpu = await cpu(request);
    if (process.env.PHASE_MARKS) console.log(`marks ${from} ${process.hrtime.bigint() / 1000n}`);
    const handCpu = await cpu(() => Promise.all([pool.query(hand.page), pool.query(hand.count)]));
    const handPageCpu = await cpu(() => pool.query(hand.page));
    const handlerCpu = await cpu(() => queries.list(s.filter.shopId, parsed));
    const encodeCpu = await cpu(() => serialiseParcelList(page));
    const notFoundCpu = await cpu(() => app.inject({ method: 'GET', url: '/api/v1/nothing', headers }));
    console.log(
      `process CPU a call: request ${apiCpu.toFixed(0)} µs (handler ${handlerCpu.toFixed(0)}, encode ${encodeCpu.toFixed(0)}, a 404 ${notFoundCpu.toFixed(0)}); hand-written page ∥ count ${handCpu.toFixed(0)} µs, page alone ${handPageCpu.toFixed(0)} µs`,
    );
    if (process.env.PHASE_PROFILE) {
      const session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 100 });
      await session.post('Profiler.start');
      for (let i = 0; i < runs; i++) await request();
      const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
      session.disconnect();
      console.log(`CPU profile of ${runs} requests, self time:\n${selfTimes(profile, 30)}`);
    }
    await planCounts();
  }

  console.log(`load ${load()}`);
} finally {
  await bench.close();
}
