import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../apps/server/src/db/embedded';
import { machine, percentile } from './lib';

/**
 * Load and soak (issue 11): one real server process (`main.ts`, its own embedded PostgreSQL in a
 * temp dir, NODE_ENV=development for the demo accounts and the dev outbox, jobs in-process)
 * under a mixed load from this process for a while: bookings with an Idempotency-Key, parcel list
 * queries, public tracking reads, staff status moves, bulk previews of 20 rows. Every request goes
 * to 127.0.0.1, from a fixed number of loops, and the run stops by itself at its deadline.
 * Reports p50/p95/p99 and errors per kind, and the server's RSS at the start, middle and end.
 *   npm run bench:soak            (SOAK_SECONDS=600, SOAK_CONCURRENCY=8)
 */
const seconds = Number(process.env.SOAK_SECONDS ?? 600);
const concurrency = Number(process.env.SOAK_CONCURRENCY ?? 8);
const root = fileURLToPath(new URL('../', import.meta.url));

type Kind = 'book' | 'list' | 'track' | 'move' | 'bulk-preview';
const kinds: Kind[] = ['book', 'list', 'track', 'move', 'bulk-preview'];
/** Out of 20 requests: 5 bookings, 5 list queries, 4 tracking reads, 4 moves, 2 bulk previews. */
const mix: Kind[] = [
  ...Array<Kind>(5).fill('book'),
  ...Array<Kind>(5).fill('list'),
  ...Array<Kind>(4).fill('track'),
  ...Array<Kind>(4).fill('move'),
  ...Array<Kind>(2).fill('bulk-preview'),
];
const steps = ['at_sorting', 'in_transit', 'at_delivery_hub', 'out_for_delivery', 'delivered'];

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'dak-soak-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/api/v1`;
  let child: ChildProcess | undefined;
  const cleanUp = async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child?.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const guard = setTimeout(
    () => {
      console.error(`soak: still running after ${seconds + 180} s, giving up`);
      void cleanUp().finally(() => process.exit(1));
    },
    (seconds + 180) * 1000,
  );
  process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));

  try {
    console.error('soak: starting the server (embedded PostgreSQL, migrations, seeds)…');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;
    child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
      cwd: root,
      env,
    });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => {
      output = (output + d.toString()).slice(-20_000);
    });
    child.stderr?.on('data', (d: Buffer) => {
      output = (output + d.toString()).slice(-20_000);
    });
    const startBy = Date.now() + 120_000;
    while (!output.includes('Dak is running')) {
      if (child.exitCode !== null || Date.now() > startBy)
        throw new Error(`the server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const pid = child.pid ?? 0;

    async function request(method: string, path: string, token?: string, body?: unknown, headers = {}) {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      return { status: res.status, json: () => JSON.parse(text) };
    }
    async function must(method: string, path: string, token?: string, body?: unknown) {
      const res = await request(method, path, token, body);
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status}`);
      return res.json();
    }

    // The demo merchant and admin (staff sign in with the code from the dev outbox).
    const merchant: string = (
      await must('POST', '/auth/login', undefined, { phone: '01700000001', password: 'demo-merchant-1' })
    ).token;
    const shopId: string = (await must('GET', '/shops', merchant)).items[0].id;
    const pickupLocationId: string = (await must('GET', `/shops/${shopId}/pickup-locations`, merchant))
      .items[0].id;
    await must('POST', '/ops/auth/login', undefined, { phone: '01700000009', password: 'demo-admin-1' });
    const outbox = await must('GET', '/dev/outbox?to=01700000009&limit=1');
    const code = /\b(\d{4})\b/.exec(outbox.items[0]?.body ?? '')?.[1];
    const staff: string = (await must('POST', '/ops/auth/verify', undefined, { phone: '01700000009', code }))
      .token;

    const booking = (invoiceId: string) => ({
      customerName: 'Rahima Begum',
      customerPhone: '01712345678',
      customerAddress: 'House 5, Road 3, Gulshan 1',
      deliveryAreaId: 'dhaka-city--gulshan',
      pickupLocationId,
      cashCollectionAmount: 1250,
      sellingPrice: 1200,
      weightGrams: 500,
      invoiceId,
    });
    const bulkRows = Array.from({ length: 20 }, (_, i) => ({
      invoiceId: `S-${i}`,
      customerName: 'Karim Uddin',
      customerPhone: '01812345678',
      customerAddress: 'House 1, Road 2, Dhanmondi',
      deliveryAreaId: 'dhaka-city--dhanmondi',
      weightGrams: '500',
      sellingPrice: '800',
      cashCollectionAmount: '800',
    }));

    const latencies = new Map<Kind, number[]>(kinds.map((k) => [k, []]));
    const errors = new Map<Kind, number>(kinds.map((k) => [k, 0]));
    const errorSamples: string[] = [];
    const tracked: string[] = [];
    const movable: { trackingId: string; step: number }[] = [];
    const rss: { at: number; mb: number }[] = [{ at: 0, mb: rssMb(pid) }];
    const started = Date.now();
    const stopAt = started + seconds * 1000;
    const sampler = setInterval(() => rss.push({ at: (Date.now() - started) / 1000, mb: rssMb(pid) }), 5_000);
    let n = 0;

    async function one(kind: Kind) {
      const t0 = performance.now();
      let status = 0;
      try {
        if (kind === 'book') {
          const key = `soak-${randomUUID()}`;
          const res = await request('POST', `/shops/${shopId}/parcels`, merchant, booking(key), {
            'idempotency-key': key,
          });
          status = res.status;
          if (status === 201) {
            const { trackingId } = res.json();
            tracked.push(trackingId);
            if (tracked.length > 500) tracked.shift();
            movable.push({ trackingId, step: 0 });
          }
        } else if (kind === 'list') {
          status = (
            await request('GET', `/shops/${shopId}/parcels?limit=20&offset=${(n % 5) * 20}`, merchant)
          ).status;
        } else if (kind === 'track') {
          const id = tracked[n % Math.max(1, tracked.length)];
          if (!id) return;
          status = (await request('GET', `/tracking/${id}`)).status;
        } else if (kind === 'move') {
          const parcel = movable.shift();
          if (!parcel) return;
          const to = steps[parcel.step] ?? 'delivered';
          const body = to === 'delivered' ? { status: to, amountCollected: 1250 } : { status: to };
          status = (await request('POST', `/ops/parcels/${parcel.trackingId}/status`, staff, body)).status;
          if (status === 200 && parcel.step + 1 < steps.length)
            movable.push({ trackingId: parcel.trackingId, step: parcel.step + 1 });
        } else {
          status = (
            await request('POST', `/shops/${shopId}/parcels/bulk/preview`, merchant, {
              rows: bulkRows,
              pickupLocationId,
            })
          ).status;
        }
      } catch (error) {
        status = -1;
        if (errorSamples.length < 10) errorSamples.push(`${kind}: ${String(error)}`);
      }
      latencies.get(kind)?.push(performance.now() - t0);
      if (status < 200 || status >= 300) {
        errors.set(kind, (errors.get(kind) ?? 0) + 1);
        if (errorSamples.length < 10 && status !== -1) errorSamples.push(`${kind}: HTTP ${status}`);
      }
    }

    let lastReport = Date.now();
    async function loop() {
      while (Date.now() < stopAt) {
        const i = n++;
        await one(mix[i % mix.length] as Kind);
        if (Date.now() - lastReport > 60_000) {
          lastReport = Date.now();
          const done = [...latencies.values()].reduce((s, xs) => s + xs.length, 0);
          console.error(
            `soak: ${Math.round((Date.now() - started) / 1000)} s, ${done} requests, RSS ${rss.at(-1)?.mb} MB`,
          );
        }
      }
    }
    console.error(`soak: ${concurrency} loops for ${seconds} s`);
    await Promise.all(Array.from({ length: concurrency }, loop));
    clearInterval(sampler);
    rss.push({ at: (Date.now() - started) / 1000, mb: rssMb(pid) });

    const elapsed = (Date.now() - started) / 1000;
    const middle = rss.reduce((best, r) =>
      Math.abs(r.at - elapsed / 2) < Math.abs(best.at - elapsed / 2) ? r : best,
    );
    // Steady state: after the first minute's warm-up (JIT, pools, caches) to the end.
    const afterWarmUp = rss.find((r) => r.at >= Math.min(60, elapsed / 4)) ?? rss[0];
    const rows = kinds.map((kind) => {
      const xs = latencies.get(kind) ?? [];
      return `| ${kind} | ${xs.length} | ${percentile(xs, 0.5).toFixed(1)} | ${percentile(xs, 0.95).toFixed(1)} | ${percentile(xs, 0.99).toFixed(1)} | ${errors.get(kind)} |`;
    });
    const total = [...latencies.values()].reduce((s, xs) => s + xs.length, 0);
    console.log(
      [
        machine(),
        `${concurrency} loops, ${Math.round(elapsed)} s, ${total} requests (${(total / elapsed).toFixed(0)}/s), one server process`,
        '',
        '| kind | requests | p50 ms | p95 ms | p99 ms | errors |',
        '| --- | ---: | ---: | ---: | ---: | ---: |',
        ...rows,
        '',
        `Server RSS: start ${rss[0]?.mb} MB (idle, after start), after warm-up ${afterWarmUp?.mb} MB at ${Math.round(afterWarmUp?.at ?? 0)} s, ` +
          `middle ${middle.mb} MB at ${Math.round(middle.at)} s, end ${rss.at(-1)?.mb} MB, ` +
          `max ${Math.max(...rss.map((r) => r.mb))} MB`,
        ...(errorSamples.length ? ['', `First errors: ${errorSamples.join('; ')}`] : []),
      ].join('\n'),
    );
  } finally {
    clearTimeout(guard);
    await cleanUp();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
