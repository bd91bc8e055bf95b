import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { bookOneParcel, registerShop, startBench } from './lib';

/**
 * Where the API's main thread spends its time on each hot read (docs/performance.md, "Hot reads"):
 * a CPU profile (node:inspector) of this process while an autocannon worker thread loads one route,
 * summed per function (self time) and per file. Not a pass/fail bench; for reading.
 *   node --import tsx bench/profile.ts [route-substring]   (PROFILE_SECONDS=4, PROFILE_TOP=25)
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
  try {
    const app = bench.app;
    await app.listen({ host: '127.0.0.1', port: 0 });
    const shop = await registerShop(app);
    const parcel = await bookOneParcel(app, shop);
    const port = (app.server.address() as AddressInfo).port;
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    for (const path of routes) {
      if (only && !path.includes(only)) continue;
      const url = `http://127.0.0.1:${port}${path.replace('{tracking}', parcel.trackingId)}`;
      await autocannon({ url, connections: 10, duration: 2, workers: 1 });
      await session.post('Profiler.start');
      const result = await autocannon({ url, connections: 10, duration: seconds, workers: 1 });
      const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
      console.log(
        `\n## ${path}\n${Math.round(result['2xx'] / result.duration)} req/s, load ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}\n${summarise(profile)}`,
      );
    }
  } finally {
    session.disconnect();
    await bench.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
