import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { runBulkBench } from './bulk';
import { runDashboardBench } from './dashboard';
import { runDevApiBench } from './devapi';
import { type Bench, bookOneParcel, registerShop, startBench, verdict, verdictSummary } from './lib';
import { runListBench } from './list';
import { runMoneyBench } from './money';
import { runWebhooksBench } from './webhooks';

/**
 * How much of a bare Fastify's throughput the real API keeps on its public read routes
 * (docs/performance.md). Everything runs on loopback in this process, against a throw-away
 * embedded PostgreSQL: the bare app answers a constant JSON, the real one goes through its
 * hooks, zod validation and serialisation, and the database. Bare and real are measured in
 * turns, so a machine that gets busier mid-run affects both. Load comes from an autocannon
 * worker thread, so the load generator does not share the servers' event loop. The api bench also
 * gives the main thread's CPU time per request of each side, which a busy machine disturbs less.
 *   npm run bench                 (BENCH_SECONDS=4 per run, BENCH_ROUNDS=2, BENCH_CONNECTIONS=10)
 */

const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const warmupSeconds = 2;

/** The public hot reads (issue 16, item 1); `{tracking}` is a parcel booked for the run. */
const routes = [
  '/api/v1/districts',
  '/api/v1/areas/search?q=mirpur',
  '/api/v1/charge?pickupAreaId=dhaka-city--mirpur-10&deliveryAreaId=dhaka-city--gulshan-1&weight=500&cash=1250',
  '/api/v1/tracking/{tracking}',
];
/** Each hot read should keep at least this share of the bare route's rate. */
const target = 0.5;

// Stop by ourselves whatever happens: warm-ups and runs, plus three minutes for start and
// clean-up (one was too few at load 18: PostgreSQL's start, the migrations and the seed).
const deadlineMs = (routes.length * 2 * (warmupSeconds + rounds * seconds) + 180) * 1000;

/**
 * `cpuUs`: this process's main thread's CPU time per answered request (both servers run on it;
 * autocannon runs in a worker), NaN where Node lacks process.threadCpuUsage (before v23.9).
 */
type Measure = { reqPerSec: number; p99Ms: number; failures: number; cpuUs: number };

const threadCpu = (process as { threadCpuUsage?: (since?: NodeJS.CpuUsage) => NodeJS.CpuUsage })
  .threadCpuUsage;

async function load(url: string, duration: number): Promise<Measure> {
  const cpu = threadCpu?.();
  const result = await autocannon({ url, connections, duration, workers: 1 });
  const used = cpu ? threadCpu?.(cpu) : undefined;
  const answered = Math.max(1, result['2xx'] + result.non2xx);
  return {
    reqPerSec: result['2xx'] / result.duration,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    cpuUs: used ? (used.user + used.system) / answered : Number.NaN,
  };
}

const urlOf = (app: FastifyInstance, path: string) =>
  `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${path}`;

async function runApiBench() {
  let bench: Bench | undefined;
  const apps: FastifyInstance[] = [];
  const cleanUp = async () => {
    for (const app of apps) await app.close().catch(() => {});
    await bench?.close();
  };
  const guard = setTimeout(() => {
    console.error(`bench: still running after ${deadlineMs / 1000} s, giving up`);
    void cleanUp().finally(() => process.exit(1));
  }, deadlineMs);
  process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));

  try {
    console.error('bench: starting PostgreSQL, migrating, seeding…');
    // The per-IP limits of the calculator and tracking would refuse one machine's load test.
    bench = await startBench('api', {
      RATE_CHARGE_PER_IP_PER_MINUTE: '1000000',
      RATE_TRACKING_PER_IP_PER_MINUTE: '1000000',
      // Tracking answers kept as in production (the test mode's default is off).
      TRACKING_CACHE_MS: '5000',
    });
    const real = bench.app;
    await real.listen({ host: '127.0.0.1', port: 0 });
    const shop = await registerShop(real);
    const parcel = await bookOneParcel(real, shop);
    const trackingId: string = parcel.trackingId;

    const bare = Fastify({ logger: false });
    apps.push(bare);
    const constant = { items: [{ id: 'dhaka', nameEn: 'Dhaka', nameBn: 'ঢাকা' }], count: 1 };
    bare.get('/bare', async () => constant);
    await bare.listen({ host: '127.0.0.1', port: 0 });

    const urlOfPath = (path: string) => urlOf(real, path.replace('{tracking}', trackingId));
    // Every route answers before any is loaded: a wrong URL fails in seconds, not minutes in.
    for (const path of routes) {
      const check = await fetch(urlOfPath(path));
      if (check.status !== 200) throw new Error(`${path} answered ${check.status}: ${await check.text()}`);
    }
    const rows: string[] = [];
    for (const path of routes) {
      const realUrl = urlOfPath(path);
      const bareUrl = urlOf(bare, '/bare');
      console.error(`bench: ${path}: warm-up`);
      await load(bareUrl, warmupSeconds);
      await load(realUrl, warmupSeconds);
      const bareRuns: Measure[] = [];
      const realRuns: Measure[] = [];
      for (let round = 1; round <= rounds; round++) {
        console.error(`bench: ${path}: round ${round}/${rounds}`);
        bareRuns.push(await load(bareUrl, seconds));
        realRuns.push(await load(realUrl, seconds));
      }
      const mean = (runs: Measure[], key: keyof Measure) =>
        runs.reduce((sum, m) => sum + m[key], 0) / runs.length;
      const bareRps = mean(bareRuns, 'reqPerSec');
      const realRps = mean(realRuns, 'reqPerSec');
      const failures = mean(realRuns, 'failures') + mean(bareRuns, 'failures');
      const ratio = realRps / bareRps;
      // The main thread's CPU per request, bare ÷ real: the share of the bare rate the route keeps
      // when that thread is the limit. It moves far less than req/s with other work on the machine
      // (docs/performance.md), so a loaded run still says whether the route kept its margin.
      const bareCpu = mean(bareRuns, 'cpuUs');
      const realCpu = mean(realRuns, 'cpuUs');
      rows.push(
        `| \`GET ${path}\` | ${Math.round(bareRps)} | ${Math.round(realRps)} | ${ratio.toFixed(3)} | ` +
          `≥ ${target} ${verdict({
            bench: 'api',
            measure: `GET ${path.split('?')[0]} real / bare req/s`,
            value: ratio.toFixed(2),
            goal: `≥ ${target}, 0 failures`,
            pass: ratio >= target && failures === 0,
          })} | ${mean(realRuns, 'p99Ms').toFixed(1)} | ${failures} | ${bareCpu.toFixed(1)} | ` +
          `${realCpu.toFixed(1)} | ${(bareCpu / realCpu).toFixed(3)} |`,
      );
    }

    const cpu = cpus();
    console.log(
      [
        `Node ${process.version}, ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${new Date().toISOString()}`,
        `${connections} connections, ${rounds} alternating rounds of ${seconds} s after a ${warmupSeconds} s warm-up`,
        '',
        `load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
        '',
        '| route | bare req/s | real req/s | real / bare | target | real p99 ms | failures | bare CPU µs | real CPU µs | CPU bare ÷ real |',
        '| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |',
        ...rows,
      ].join('\n'),
    );
  } finally {
    clearTimeout(guard);
    await cleanUp();
  }
}

const benches: Record<string, () => Promise<void>> = {
  api: runApiBench,
  bulk: runBulkBench,
  dashboard: runDashboardBench,
  devapi: runDevApiBench,
  list: runListBench,
  money: runMoneyBench,
  webhooks: runWebhooksBench,
};

/** `npm run bench` runs them all; `npm run bench -- bulk` (or api, dashboard, devapi, list, money) one. */
async function main() {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((a) => !(a in benches));
  if (unknown.length)
    throw new Error(`unknown bench ${unknown.join(', ')}; choose from ${Object.keys(benches).join(', ')}`);
  for (const name of asked.length ? asked : Object.keys(benches)) {
    console.log(`\n## bench ${name}\n`);
    await benches[name]?.();
  }
  // Every figure with a goal, in one table: what a reader of docs/performance.md compares.
  const summary = verdictSummary();
  console.log(`\n## Summary: each figure against its goal\n\n${summary.table}\n`);
  console.log(summary.failed === 0 ? 'Every goal holds.' : `${summary.failed} goal(s) not met.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
