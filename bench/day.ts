import { randomInt, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import {
  type HubManager,
  hubManagers,
  shops as makeShops,
  type Order,
  order,
  type Shop,
  sheetUpload,
  signInStaff,
} from './day-setup';
import {
  databaseSize,
  explainJobFetch,
  nodeCpu,
  postgresCpu,
  postmasterPid,
  sizes,
  tableActivity,
  topStatements,
} from './day-stats';
import { deadline, machine, percentile, smsOutbox, startBench, verdict, verdictSummary } from './lib';

/**
 * A large courier's day on one node (issue 16), compressed in time: bookings (a tenth by
 * spreadsheet), staff status moves through the transition service, public tracking reads and
 * merchant list queries, over shops spread across the 75 hubs, against one embedded PostgreSQL
 * and the real app (app.inject, so every request goes through routing, auth, zod, services and
 * repositories; jobs in-process on pg-boss, as one production node runs them). The day's work is
 * interleaved: each of BENCH_DAY_CONCURRENCY loops picks its next request at random, weighted by
 * what is left of each kind, so parcels move while others are booked and read.
 *   npm run bench:day           (BENCH_DAY_SCALE=0.02 of the day, BENCH_DAY_CONCURRENCY=8)
 */
const scale = Number(process.env.BENCH_DAY_SCALE ?? 0.02);
const concurrency = Number(process.env.BENCH_DAY_CONCURRENCY ?? 8);
/** The whole day, as issue 16 gives it. */
const day = { bookings: 100_000, moves: 1_000_000, tracking: 1_000_000, lists: 200_000, shops: 1_000 };
const sheetRows = 100; // a shop's default bulk import limit
const bookings = Math.max(sheetRows * 2, Math.round(day.bookings * scale));
const sheets = Math.max(1, Math.round(bookings / 10 / sheetRows));
const singles = bookings - sheets * sheetRows;
const trackingReads = Math.round(day.tracking * scale);
const listQueries = Math.round(day.lists * scale);
const shopCount = Number(
  process.env.BENCH_DAY_SHOPS ?? Math.min(day.shops, Math.max(20, Math.round(day.shops * scale))),
);

type Step = { status: string; reason?: string; amountCollected?: number; side: 'pickup' | 'delivery' };
const forward: Step[] = [
  { status: 'at_sorting', side: 'pickup' },
  { status: 'in_transit', side: 'pickup' },
  { status: 'at_delivery_hub', side: 'delivery' },
  { status: 'out_for_delivery', side: 'delivery' },
];
/** 17 in 20 delivered at the first attempt; 3 in 20 fail, come back and are handed to the merchant. */
function lifeOf(n: number, cash: number): Step[] {
  if (n % 20 < 17) return [...forward, { status: 'delivered', amountCollected: cash, side: 'delivery' }];
  return [
    ...forward,
    { status: 'delivery_attempted', reason: 'customer_unreachable', side: 'delivery' },
    { status: 'return_at_delivery_hub', side: 'delivery' },
    { status: 'return_in_transit', side: 'delivery' },
    { status: 'at_return_hub', side: 'pickup' },
    { status: 'out_for_return', side: 'pickup' },
    { status: 'returned', side: 'pickup' },
  ];
}
const movesPerParcel = (17 * 5 + 3 * 10) / 20;

type Parcel = { trackingId: string; shop: Shop; deliveryHub: string; life: Step[]; next: number };
type Kind = 'book' | 'sheet preview' | 'sheet confirm' | 'move' | 'track' | 'list';
const kinds: Kind[] = ['book', 'sheet preview', 'sheet confirm', 'move', 'track', 'list'];

async function main() {
  console.error(
    `bench day: scale ${scale}: ${bookings} bookings (${sheets} sheets of ${sheetRows}), ~${Math.round(bookings * movesPerParcel)} moves, ` +
      `${trackingReads} tracking reads, ${listQueries} list queries, ${shopCount} shops, ${concurrency} loops`,
  );
  const bench = await startBench(
    'day',
    {
      JOBS: 'in-process',
      RATE_OTP_PER_PHONE_PER_HOUR: '1000000',
      RATE_OTP_PER_IP_PER_HOUR: '1000000',
      RATE_LOGIN_PER_IP_PER_15_MIN: '1000000',
      RATE_TRACKING_PER_IP_PER_MINUTE: '1000000',
    },
    { statements: true },
  );
  const stop = deadline(3 * 3600_000, bench.close);
  try {
    const { app, database } = bench;
    const db = database.db;

    // The cast, before the clock starts.
    const areas = await db
      .selectFrom('areas')
      .select(['id', 'hub_id as hubId'])
      .where('is_covered', '=', true)
      .where('hub_id', 'is not', null)
      .orderBy('id')
      .execute();
    const covered = areas as { id: string; hubId: string }[];
    const hubIds = [...new Set(covered.map((a) => a.hubId))].sort();
    const admin = await signInStaff(bench, 'admin');
    const managers = new Map<string, HubManager>(
      (await hubManagers(bench, admin.token, hubIds)).map((m) => [m.hubId, m]),
    );
    console.error(`bench day: ${hubIds.length} hubs with a manager each; registering ${shopCount} shops…`);
    const shops = await makeShops(app, shopCount, covered);
    for (const s of shops) {
      await db
        .updateTable('shops')
        .set({ bulk_import_limit: sheetRows })
        .where('id', '=', s.shopId)
        .execute();
    }
    // The sheets, written before the clock starts (the merchant's spreadsheet program, not ours).
    let orderNo = 0;
    const nextOrder = (): Order => {
      const n = orderNo++;
      return order(n, (covered[(n * 104_729) % covered.length] as { id: string }).id);
    };
    const hubOfArea = new Map(covered.map((a) => [a.id, a.hubId]));
    const sheetJobs = await Promise.all(
      Array.from({ length: sheets }, async (_, i) => {
        const shop = shops[(i * 13) % shops.length] as Shop;
        const rows = Array.from({ length: sheetRows }, nextOrder);
        return { shop, rows, upload: await sheetUpload(rows, shop.pickupLocationId) };
      }),
    );

    // The day.
    const latencies = new Map<Kind, number[]>(kinds.map((k) => [k, []]));
    const errors: string[] = [];
    let errorCount = 0;
    const booked: Parcel[] = [];
    const ready: Parcel[] = [];
    let readyHead = 0;
    const returnCodes = new Map<string, string>();
    let outboxSeen = 0;
    let parcelNo = 0;
    const left = {
      book: singles,
      sheet: sheets,
      track: trackingReads,
      list: listQueries,
    };
    let movesLeft = bookings * movesPerParcel;
    let movesDone = 0;
    let otpWaits = 0;

    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    async function timed(kind: Kind, run: () => Promise<{ statusCode: number; body: string }>, want: number) {
      const t0 = performance.now();
      const res = await run();
      latencies.get(kind)?.push(performance.now() - t0);
      if (res.statusCode !== want) {
        errorCount += 1;
        if (errors.length < 20) errors.push(`${kind}: ${res.statusCode} ${res.body.slice(0, 400)}`);
        return null;
      }
      return res;
    }
    const addParcel = (trackingId: string, shop: Shop, o: Order) => {
      const n = parcelNo++;
      const p: Parcel = {
        trackingId,
        shop,
        deliveryHub: hubOfArea.get(o.deliveryAreaId) as string,
        life: lifeOf(n, o.cashCollectionAmount),
        next: 0,
      };
      booked.push(p);
      ready.push(p);
    };
    const returnCode = (trackingId: string) => {
      for (; outboxSeen < smsOutbox.length; outboxSeen++) {
        const m = smsOutbox[outboxSeen];
        const code = /code: (\d{4})/.exec(m?.body ?? '')?.[1];
        const id = /\bDK[0-9A-Z]{9}\b/.exec(m?.body ?? '')?.[0];
        if (code && id) returnCodes.set(id, code);
      }
      return returnCodes.get(trackingId);
    };

    async function book() {
      left.book -= 1;
      const shop = shops[randomInt(shops.length)] as Shop;
      const o = nextOrder();
      const key = randomUUID();
      const res = await timed(
        'book',
        () =>
          app.inject({
            method: 'POST',
            url: `/api/v1/shops/${shop.shopId}/parcels`,
            headers: { ...auth(shop.token), 'idempotency-key': key },
            payload: { ...o, pickupLocationId: shop.pickupLocationId },
          }),
        201,
      );
      if (res) addParcel(JSON.parse(res.body).trackingId, shop, o);
    }

    async function sheet() {
      left.sheet -= 1;
      const job = sheetJobs.pop();
      if (!job) return;
      const { shop, rows, upload } = job;
      const preview = await timed(
        'sheet preview',
        () =>
          app.inject({
            method: 'POST',
            url: `/api/v1/shops/${shop.shopId}/parcels/bulk/preview`,
            headers: { ...auth(shop.token), 'content-type': upload.contentType },
            payload: upload.payload,
          }),
        200,
      );
      if (!preview) return;
      const checked = JSON.parse(preview.body) as { rows: { input: Record<string, unknown> }[] };
      const confirm = await timed(
        'sheet confirm',
        () =>
          app.inject({
            method: 'POST',
            url: `/api/v1/shops/${shop.shopId}/parcels/bulk/confirm`,
            headers: { ...auth(shop.token), 'idempotency-key': randomUUID() },
            payload: {
              pickupLocationId: shop.pickupLocationId,
              sellingPriceAcknowledged: true,
              fileName: 'orders.xlsx',
              rows: checked.rows.map((r) => r.input),
            },
          }),
        201,
      );
      if (!confirm) return;
      const ids = (JSON.parse(confirm.body) as { trackingIds: string[] }).trackingIds;
      ids.forEach((id, i) => {
        addParcel(id, shop, rows[i] as Order);
      });
    }

    /** Moves the parcel at the head of the queue one step; false when it had to wait (no code yet). */
    async function move(): Promise<boolean> {
      const p = ready[readyHead] as Parcel;
      ready[readyHead++] = undefined as unknown as Parcel;
      if (readyHead > 100_000) {
        ready.splice(0, readyHead);
        readyHead = 0;
      }
      const step = p.life[p.next] as Step;
      let otp: string | undefined;
      if (step.status === 'returned') {
        otp = returnCode(p.trackingId);
        if (!otp) {
          otpWaits += 1;
          ready.push(p);
          return false;
        }
      }
      const hub = step.side === 'pickup' ? p.shop.pickupHub : p.deliveryHub;
      const manager = managers.get(hub) as HubManager;
      const { side: _, ...body } = step;
      const res = await timed(
        'move',
        () =>
          app.inject({
            method: 'POST',
            url: `/api/v1/ops/parcels/${p.trackingId}/status`,
            headers: auth(manager.token),
            payload: otp ? { ...body, otp } : body,
          }),
        200,
      );
      movesLeft -= 1;
      movesDone += 1;
      if (!res) {
        movesLeft -= p.life.length - p.next - 1; // the rest of this parcel's life is lost
        return true;
      }
      p.next += 1;
      if (p.next < p.life.length) ready.push(p);
      return true;
    }

    async function track() {
      left.track -= 1;
      // Customers track recent parcels more than old ones.
      const i = booked.length - 1 - Math.floor(Math.random() ** 2 * booked.length);
      const p = booked[i] as Parcel;
      await timed('track', () => app.inject({ method: 'GET', url: `/api/v1/tracking/${p.trackingId}` }), 200);
    }

    async function list() {
      left.list -= 1;
      const shop = shops[randomInt(shops.length)] as Shop;
      const r = Math.random();
      const query =
        r < 0.5
          ? 'limit=20'
          : r < 0.75
            ? 'limit=20&statusGroup=forward_in_progress'
            : r < 0.9
              ? 'limit=20&offset=20'
              : `limit=20&q=DAY-${randomInt(Math.max(1, orderNo))}`;
      await timed(
        'list',
        () =>
          app.inject({
            method: 'GET',
            url: `/api/v1/shops/${shop.shopId}/parcels?${query}`,
            headers: auth(shop.token),
          }),
        200,
      );
    }

    /** One request of a kind picked at random, weighted by what is left of each; false: none can go now. */
    async function one(): Promise<boolean> {
      const canMove = ready.length > readyHead;
      const canRead = booked.length > 0;
      const w = {
        book: left.book,
        sheet: left.sheet * sheetRows,
        move: canMove ? Math.max(1, movesLeft) : 0,
        track: canRead ? left.track : 0,
        list: left.list,
      };
      const sum = w.book + w.sheet + w.move + w.track + w.list;
      if (sum <= 0) return false;
      const r = Math.random() * sum;
      const kind = (['book', 'sheet', 'move', 'track'] as const).find((_, i, ks) => {
        const upTo = ks.slice(0, i + 1).reduce((s, k) => s + w[k], 0);
        return r < upTo;
      });
      if (kind === 'book') await book();
      else if (kind === 'sheet') await sheet();
      else if (kind === 'move') {
        if (!(await move())) await new Promise((res) => setTimeout(res, 20));
      } else if (kind === 'track') await track();
      else await list();
      return true;
    }

    const sizeBefore = await databaseSize(bench);
    await sql`select pg_stat_statements_reset()`.execute(db);
    const pm = await postmasterPid(bench);
    const cpu0 = { node: nodeCpu(), pg: postgresCpu(pm) };
    const started = performance.now();
    let lastReport = Date.now();
    let inFlight = 0;
    async function loop() {
      for (;;) {
        inFlight += 1;
        const went = await one();
        inFlight -= 1;
        if (!went) {
          // Another loop's request may still bring parcels to move; stop when nothing is left.
          if (inFlight === 0 && ready.length <= readyHead) return;
          await new Promise((res) => setTimeout(res, 5));
        }
        if (Date.now() - lastReport > 30_000) {
          lastReport = Date.now();
          const done = [...latencies.values()].reduce((s, xs) => s + xs.length, 0);
          console.error(
            `bench day: ${Math.round((performance.now() - started) / 1000)} s, ${done} requests, ${booked.length} parcels, ` +
              `${movesDone} moves, ${errorCount} errors, load ${loadavg()[0]?.toFixed(1)}`,
          );
        }
      }
    }
    await Promise.all(Array.from({ length: concurrency }, loop));
    const wall = (performance.now() - started) / 1000;
    const cpu = { node: nodeCpu() - cpu0.node, pg: postgresCpu(pm) - cpu0.pg };
    const loadAtEnd = machine();
    await app.jobs.idle();

    // Extrapolation: each kind's share of the loops' time (sum of its latencies / loops), scaled
    // to the whole day's count of that kind.
    const target: Record<Kind, number> = {
      book: day.bookings * 0.9,
      'sheet preview': (day.bookings * 0.1) / sheetRows,
      'sheet confirm': (day.bookings * 0.1) / sheetRows,
      move: day.moves,
      track: day.tracking,
      list: day.lists,
    };
    let fullDay = 0;
    const rows = kinds.map((k) => {
      const xs = latencies.get(k) ?? [];
      const busy = xs.reduce((s, x) => s + x, 0) / 1000 / concurrency;
      if (xs.length > 0) fullDay += (busy * target[k]) / xs.length;
      return `| ${k} | ${xs.length} | ${Math.round(target[k])} | ${percentile(xs, 0.5).toFixed(1)} | ${percentile(xs, 0.95).toFixed(1)} | ${percentile(xs, 0.99).toFixed(1)} | ${busy.toFixed(1)} |`;
    });
    const linear = wall / scale;
    // The same work on two cores of our own, if CPU were all it needed: this run's CPU seconds
    // times how much more work the day is (by the extrapolation above), over 2 cores.
    const cpuBound = ((cpu.node + cpu.pg) * (fullDay / wall)) / 2;
    const total = [...latencies.values()].reduce((s, xs) => s + xs.length, 0);
    const statements = await topStatements(bench);
    const fetchPlan = await explainJobFetch(bench);
    const activity = await tableActivity(bench);
    const size = await sizes(bench, sizeBefore);
    const hours = (s: number) => `${(s / 3600).toFixed(2)} h`;

    verdict({
      bench: 'day',
      measure: `whole day extrapolated from scale ${scale} (${concurrency} loops)`,
      value: hours(fullDay),
      goal: '< 2 h',
      pass: fullDay < 7200,
    });
    verdict({
      bench: 'day',
      measure: 'errors in the replay',
      value: String(errorCount),
      goal: '0',
      pass: errorCount === 0,
    });

    console.log(
      [
        loadAtEnd,
        `Scale ${scale}: ${total} requests in ${wall.toFixed(0)} s (${(total / wall).toFixed(0)}/s), ${concurrency} loops, ` +
          `${booked.length} parcels booked over ${shops.length} shops and ${hubIds.length} hubs, ${movesDone} moves, ` +
          `${otpWaits} waits for a return code`,
        '',
        '| kind | requests | whole day | p50 ms | p95 ms | p99 ms | loop-seconds / loops |',
        '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
        ...rows,
        '',
        `Whole day, extrapolated per kind (each kind's time × the day's count / this run's count): ${hours(fullDay)}; ` +
          `wall time / scale: ${hours(linear)}; CPU-bound on 2 idle cores: ${hours(cpuBound)}`,
        `CPU during the day: this process (app + the driver) ${cpu.node.toFixed(0)} s, PostgreSQL ${cpu.pg.toFixed(0)} s ` +
          `(${((100 * cpu.pg) / Math.max(1, cpu.node + cpu.pg)).toFixed(0)} % of the two), over ${wall.toFixed(0)} s of wall time ` +
          `(${((cpu.node + cpu.pg) / wall).toFixed(2)} cores busy)`,
        `Errors: ${errorCount}`,
        ...errors.map((e) => `  ${e}`),
        '',
        size.text,
        '',
        activity,
        '',
        statements,
        '',
        fetchPlan,
        '',
        verdictSummary().table,
      ].join('\n'),
    );
    const jobs = await sql<{ state: string; n: string }>`
      select state, count(*) as n from pgboss.job group by state`
      .execute(db)
      .catch(() => ({ rows: [] }));
    if (jobs.rows.length) console.log(`\nJobs: ${jobs.rows.map((r) => `${r.state} ${r.n}`).join(', ')}`);
    if (errorCount > 0) process.exitCode = 1;
  } finally {
    stop();
    await bench.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
