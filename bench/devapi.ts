import { deadline, machine, median, percentile, registerShop, startBench, verdict } from './lib';

/**
 * The developer API's single booking against the merchant panel's (issue 15, item 2;
 * docs/performance.md, "Developer API"): the same route, `POST /api/v1/shops/{shopId}/parcels`,
 * with the same body, once with a shop's API key (`Bearer dak_…`: key lookup and hash, scope,
 * per-key rate limit, last use) and once with the owner's session (as the panel books), through
 * app.inject, in alternating rounds so a machine that gets busier mid-run affects both. Each round
 * sends `BENCH_REQUESTS` bookings, `BENCH_CONCURRENCY` in flight at a time.
 *   npm run bench -- devapi        (BENCH_REQUESTS=300, BENCH_CONCURRENCY=4, BENCH_ROUNDS=3)
 */
const requests = Number(process.env.BENCH_REQUESTS ?? 300);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const goal = 0.8;

type Run = { seconds: number; latencies: number[] };

export async function runDevApiBench() {
  console.error('bench devapi: starting PostgreSQL, migrating, seeding…');
  const bench = await startBench('devapi');
  const stop = deadline(20 * 60_000, bench.close);
  try {
    const { app } = bench;
    const shop = await registerShop(app);
    const made = await app.inject({
      method: 'POST',
      url: `/api/v1/shops/${shop.shopId}/api-keys`,
      headers: { authorization: `Bearer ${shop.token}` },
      payload: { name: 'Bench store', scopes: ['parcels:write'] },
    });
    if (made.statusCode !== 201) throw new Error(`key: ${made.statusCode} ${made.body}`);
    const key: string = made.json().token;
    const url = `/api/v1/shops/${shop.shopId}/parcels`;
    let n = 0;
    const body = () => {
      n += 1;
      return {
        customerName: 'Rahima Begum',
        customerPhone: `017${String(10_000_000 + n).slice(-8)}`,
        customerAddress: 'House 5, Road 3, Gulshan 1',
        deliveryAreaId: 'dhaka-city--gulshan',
        pickupLocationId: shop.pickupLocationId,
        cashCollectionAmount: 1250,
        sellingPrice: 1200,
        weightGrams: 500,
        invoiceId: `BENCH-${n}`,
      };
    };

    async function run(token: string, count: number): Promise<Run> {
      const latencies: number[] = [];
      let next = 0;
      const worker = async () => {
        while (next < count) {
          next += 1;
          const t0 = performance.now();
          const res = await app.inject({
            method: 'POST',
            url,
            headers: { authorization: `Bearer ${token}` },
            payload: body(),
          });
          latencies.push(performance.now() - t0);
          if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        }
      };
      const t0 = performance.now();
      await Promise.all(Array.from({ length: concurrency }, worker));
      return { seconds: (performance.now() - t0) / 1000, latencies };
    }

    console.error('bench devapi: warm-up');
    await run(shop.token, 50);
    await run(key, 50);
    const panel: Run[] = [];
    const api: Run[] = [];
    for (let round = 1; round <= rounds; round++) {
      console.error(`bench devapi: round ${round}/${rounds}`);
      // Alternate which goes first, so neither always meets the warmer (or busier) moment.
      if (round % 2) {
        panel.push(await run(shop.token, requests));
        api.push(await run(key, requests));
      } else {
        api.push(await run(key, requests));
        panel.push(await run(shop.token, requests));
      }
    }
    const rate = (runs: Run[]) => (runs.length * requests) / runs.reduce((s, r) => s + r.seconds, 0);
    const all = (runs: Run[]) => runs.flatMap((r) => r.latencies);
    const panelRate = rate(panel);
    const apiRate = rate(api);
    const ratio = apiRate / panelRate;
    const row = (name: string, runs: Run[], r: number) =>
      `| ${name} | ${r.toFixed(1)} | ${median(all(runs)).toFixed(1)} | ${percentile(all(runs), 0.95).toFixed(1)} |`;
    const perRound = api.map((a, i) => ((panel[i]?.seconds ?? 0) / a.seconds).toFixed(2));
    console.log(
      [
        machine(),
        `${rounds} alternating rounds of ${requests} bookings, ${concurrency} in flight, after a warm-up of 50 each`,
        '',
        '| POST /shops/{shopId}/parcels | bookings/s | p50 ms | p95 ms |',
        '| --- | ---: | ---: | ---: |',
        row('panel: owner session', panel, panelRate),
        row('developer API: key (parcels:write)', api, apiRate),
        '',
        `developer API / panel: **${ratio.toFixed(2)}** (rounds: ${perRound.join(', ')}); goal ≥ ${goal}: ${verdict(
          {
            bench: 'devapi',
            measure: 'developer API / panel bookings per second',
            value: ratio.toFixed(2),
            goal: `≥ ${goal}`,
            pass: ratio >= goal,
          },
        )}`,
      ].join('\n'),
    );
  } finally {
    stop();
    await bench.close();
  }
}
