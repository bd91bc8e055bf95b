import { sql } from 'kysely';
import type pg from 'pg';
import { deadline, machine, median, percentile, registerShop, startBench } from './lib';
import { generate } from './list';

/**
 * The merchant's dashboard of a busy shop among a million parcels (docs/performance.md,
 * "Dashboard"). The list bench's generator makes 1 000 000 parcels, 100 000 of them the busy
 * shop's; the dashboard's counters are filled from them as the migration fills them (deliveries
 * on the parcel's last update: the generator writes no events), plus a minute's worth of unfolded
 * move deltas. Then per range the real `GET /api/v1/shops/{shopId}/dashboard` (app.inject) and, in
 * turns with it, a hand-written count of the shop's parcels over the same range by booking day and
 * status (what the dashboard would cost without counters).
 *   npm run bench -- dashboard     (BENCH_RUNS=200 per range)
 */
const runs = Number(process.env.BENCH_RUNS ?? 200);
const total = Number(process.env.BENCH_PARCELS ?? 1_000_000);
const busyCount = Number(process.env.BENCH_BUSY ?? 100_000);

export async function runDashboardBench() {
  console.error('bench dashboard: starting PostgreSQL, migrating, seeding…');
  const bench = await startBench('dashboard');
  const stop = deadline(30 * 60_000, bench.close);
  try {
    const { app, database } = bench;
    const { db, pool } = database as unknown as { db: typeof database.db; pool: pg.Pool };
    const busy = await registerShop(app);
    console.error(`bench dashboard: generating ${total} parcels, ${busyCount} of them the busy shop's…`);
    const g0 = performance.now();
    await generate(db, busy, { total, busyCount });
    const generateSeconds = (performance.now() - g0) / 1000;
    const c0 = performance.now();
    await db.connection().execute(async (conn) => {
      await sql`set statement_timeout = 0`.execute(conn);
      await sql`insert into shop_counts (shop_id, measure, day, pickup_location_id, status, n)
      select shop_id, 'booked', (created_at at time zone 'Asia/Dhaka')::date, pickup_location_id, status, count(*)
      from parcels group by 1, 2, 3, 4, 5`.execute(conn);
      await sql`insert into shop_counts (shop_id, measure, day, pickup_location_id, status, n)
      select shop_id, 'delivered', (updated_at at time zone 'Asia/Dhaka')::date, pickup_location_id, 'delivered', count(*)
      from parcels where status = 'delivered' group by 1, 2, 3, 4, 5`.execute(conn);
    });
    const countersSeconds = (performance.now() - c0) / 1000;
    // A minute of moves not yet folded: 300 moves of the busy shop's recent parcels (±1 pairs).
    await sql`insert into shop_count_deltas (shop_id, measure, day, pickup_location_id, status, n)
      select ${busy.shopId}::uuid, 'booked', current_date - (g % 10), ${busy.pickupLocationId}::uuid, s.status, s.n
      from generate_series(1, 300) g
      cross join (values ('in_transit', -1), ('at_delivery_hub', 1)) as s (status, n)`.execute(db);
    // Their effect taken out of the folded counters again, so the totals stay the parcels' own.
    await sql`insert into shop_counts (shop_id, measure, day, pickup_location_id, status, n)
      select shop_id, measure, day, pickup_location_id, status, -sum(n)::int from shop_count_deltas
      group by 1, 2, 3, 4, 5
      on conflict (shop_id, measure, day, pickup_location_id, status) do update set n = shop_counts.n + excluded.n`.execute(
      db,
    );
    await sql`analyze shop_counts`.execute(db);
    await sql`analyze shop_count_deltas`.execute(db);
    const counterRows = (
      await sql<{
        n: number;
      }>`select count(*)::int as n from shop_counts where shop_id = ${busy.shopId}`.execute(db)
    ).rows[0]?.n;
    console.error(
      `bench dashboard: generated in ${generateSeconds.toFixed(0)} s, counters in ${countersSeconds.toFixed(1)} s`,
    );

    const day = (offset: number) =>
      new Date(Date.now() + 6 * 3600_000 + offset * 86400_000).toISOString().slice(0, 10);
    const dhakaStart = (d: string) => new Date(`${d}T00:00:00+06:00`).toISOString();
    const scenarios = [
      { name: 'default: last 15 whole days', since: day(-15), until: day(-1), query: '' },
      { name: 'last 90 days', since: day(-90), until: day(-1) },
      { name: 'last 180 days (all the data)', since: day(-181), until: day(0) },
    ].map((s) => ({ ...s, query: s.query ?? `?since=${s.since}&until=${s.until}` }));

    const rows: string[] = [];
    for (const s of scenarios) {
      const url = `/api/v1/shops/${busy.shopId}/dashboard${s.query}`;
      const hand = {
        text: `select (created_at at time zone 'Asia/Dhaka')::date as day, status, count(*)::int as n
               from parcels where shop_id = $1 and created_at >= $2 and created_at < $3 group by 1, 2`,
        values: [
          busy.shopId,
          dhakaStart(s.since),
          new Date(Date.parse(dhakaStart(s.until)) + 86400_000).toISOString(),
        ],
      };
      const ours: number[] = [];
      const raw: number[] = [];
      let parcels = 0;
      for (let i = -20; i < runs; i++) {
        const t0 = performance.now();
        const res = await app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${busy.token}` },
        });
        const t1 = performance.now();
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        const r0 = performance.now();
        const counted = await pool.query<{ day: string; status: string; n: number }>(hand);
        const r1 = performance.now();
        const body = res.json<{ counts: Record<string, number> }>();
        const shown = Object.values(body.counts).reduce((a, b) => a + b, 0);
        const expected = counted.rows.filter((r) => r.status in body.counts).reduce((a, r) => a + r.n, 0);
        if (shown !== expected)
          throw new Error(`${s.name}: the dashboard shows ${shown}, hand SQL counts ${expected}`);
        parcels = counted.rows.reduce((a, r) => a + r.n, 0);
        if (i < 0) continue; // warm-up
        ours.push(t1 - t0);
        raw.push(r1 - r0);
      }
      const p95 = percentile(ours, 0.95);
      const rawP95 = percentile(raw, 0.95);
      rows.push(
        `| ${s.name} | ${parcels} | ${median(ours).toFixed(1)} | **${p95.toFixed(1)}** | ${median(raw).toFixed(1)} | ${rawP95.toFixed(1)} | **${(p95 / rawP95).toFixed(2)}** |`,
      );
    }
    console.log(
      [
        machine(),
        `${total} parcels, busy shop ${busyCount} (${counterRows} counter rows); generated in ${generateSeconds.toFixed(0)} s, counters filled in ${countersSeconds.toFixed(1)} s; 600 unfolded deltas; ${runs} runs per range after 20 warm-up runs, API and SQL in turns`,
        '',
        '| range | parcels booked in it | API p50 ms | API p95 ms | hand SQL p50 ms | hand SQL p95 ms | API / SQL (p95) |',
        '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
        ...rows,
      ].join('\n'),
    );
  } finally {
    stop();
    await bench.close();
  }
}
