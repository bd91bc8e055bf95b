import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { bookOneParcel, registerShop, startBench } from './lib';

/**
 * Where the API's main thread spends its time on each hot read (docs/performance.md, "Hot reads"):
 * a CPU profile (node:inspector) of this process while an autocannon worker thread loads one route,
 * summed per function (self time) and per file, with the bare route of run.ts profiled the same way
 * first. Each route also gets the main thread's CPU time per request (process.threadCpuUsage, in
 * a run of its own with the profiler off):
 * unlike req/s it hardly moves when other work shares the machine, and bare ÷ real of it is the
 * share of a bare route's rate the route would keep if the API's thread were the limit.
 * Not a pass/fail bench; for reading.
 *   npm exec -- node --import tsx bench/profile.ts [route-substring]   (PROFILE_SECONDS=4, PROFILE_TOP=25)
 */

const seconds = Number(process.env.PROFILE_SECONDS ?? 4);
const top = Number(process.env.PROFILE_TOP ?? 25);
const routes = [
  '/api/v1/districts',
  '/api/v1/areas/search?q=mirpur',
  '/api/v1/charge?pickupAreaId=dhaka-city--mirpur-10&deliveryAreaId=dhaka-city--gulshan-1&weight=500&cash=1250',
  '/api/v1/tracking/{tracking}',
];

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const shortUrl = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/.*node_modules\//, '')
    .replace(/.*\/apps\/server\/src\//, 'server/')
    .replace(/.*\/packages\/domain\/src\//, 'domain/');

function summarise(profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const [id, us] of self) {
    const f = byId.get(id)?.callFrame;
    if (!f) continue;
    const file = f.url ? shortUrl(f.url) : '(native)';
    const fn = `${f.functionName || '(anonymous)'} ${file}${f.url ? `:${f.lineNumber + 1}` : ''}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    const pkg = file
      .split('/')
      .slice(0, file.startsWith('@') ? 2 : 1)
      .join('/');
    byFile.set(pkg, (byFile.get(pkg) ?? 0) + us);
  }
  const pct = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)} %`;
  const list = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `  ${pct(us)}  ${k}`)
      .join('\n');
  return `by function (self):\n${list(byFunction, top)}\nby package / file:\n${list(byFile, 15)}`;
}

async function main() {
  const only = process.argv[2];
  const bench = await startBench('profile', {
    RATE_CHARGE_PER_IP_PER_MINUTE: '1000000',
    RATE_TRACKING_PER_IP_PER_MINUTE: '1000000',
    TRACKING_CACHE_MS: '5000',
  });
  const session = new Session();
  session.connect();
  let closeBare = async () => {};
  try {
    const app = bench.app;
    await app.listen({ host: '127.0.0.1', port: 0 });
    const shop = await registerShop(app);
    const parcel = await bookOneParcel(app, shop);
    const port = (app.server.address() as AddressInfo).port;
    // run.ts's bare route, in this process too, profiled the same way.
    const bare = Fastify({ logger: false });
    const constant = { items: [{ id: 'dhaka', nameEn: 'Dhaka', nameBn: 'ঢাকা' }], count: 1 };
    bare.get('/bare', async () => constant);
    await bare.listen({ host: '127.0.0.1', port: 0 });
    closeBare = () => bare.close();
    const barePort = (bare.server.address() as AddressInfo).port;
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    let bareUs = 0;
    for (const path of ['/bare', ...routes]) {
      if (only && path !== '/bare' && !path.includes(only)) continue;
      const url =
        path === '/bare'
          ? `http://127.0.0.1:${barePort}/bare`
          : `http://127.0.0.1:${port}${path.replace('{tracking}', parcel.trackingId)}`;
      await autocannon({ url, connections: 10, duration: 2, workers: 1 });
      // CPU per request with the profiler off: its sampling costs the thread a few µs a request.
      const cpu = process.threadCpuUsage();
      const measured = await autocannon({ url, connections: 10, duration: seconds, workers: 1 });
      const used = process.threadCpuUsage(cpu);
      const served = measured['2xx'] + measured.non2xx;
      const us = (used.user + used.system) / Math.max(1, served);
      await session.post('Profiler.start');
      await autocannon({ url, connections: 10, duration: seconds, workers: 1 });
      const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
      if (path === '/bare') bareUs = us;
      const ratio = path === '/bare' || bareUs === 0 ? '' : `, bare ÷ this ${(bareUs / us).toFixed(2)}`;
      console.log(
        `\n## ${path}\n${Math.round(measured['2xx'] / measured.duration)} req/s, main thread ${us.toFixed(1)} µs CPU a request${ratio}, load ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}\n${summarise(profile)}`,
      );
    }
  } finally {
    session.disconnect();
    await closeBare();
    await bench.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
