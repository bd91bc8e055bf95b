import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import {
  type GazetteerRows,
  type LandmarkRow,
  type PostcodeRow,
  toGazetteer,
} from '../apps/server/src/modules/address-prediction/address-gazetteer';
import { buildAddressIndex, predictArea } from '../packages/domain/src/address-prediction';
import { normalizeSearchText } from '../packages/domain/src/geo';

/**
 * How fast the address reader is (docs/performance.md, "Reading addresses"): the time to build
 * its index from the seed, and the time per address over the labelled set, against a trivial
 * baseline measured in the same process and turns: normalising the address and looking it up in
 * a Map (what an exact-match-only reader would cost). No database, no HTTP.
 *   npx tsx bench/address-prediction.ts        (BENCH_ROUNDS=5)
 */
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const readJson = <T>(path: string): T =>
  JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as T;
const seedDir = '../apps/server/src/db/seed/geo';
const rows: GazetteerRows = {
  divisions: readJson(`${seedDir}/divisions.json`),
  districts: readJson(`${seedDir}/districts.json`),
  areas: readJson(`${seedDir}/areas.json`),
};
const postcodes = readJson<PostcodeRow[]>(`${seedDir}/postcodes.json`);
const landmarks = readJson<LandmarkRow[]>(`${seedDir}/landmarks.json`);
const addresses = readJson<{ address: string; areaId: string | null }[]>(
  '../apps/server/src/modules/address-prediction/fixtures/addresses.json',
).map((l) => l.address);
const long = (
  'Name: Abdur Rahim, Phone 01712345678, House 45/A, Road 12, Block C, Section 6, Mirpur, near Mirpur 10 ' +
  'golchottor, opposite the mosque, beside the bank, Dhaka 1216, Bangladesh. '
)
  .repeat(3)
  .slice(0, 500);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)] ?? 0;

const gazetteer = toGazetteer(rows, postcodes, landmarks);
const builds: number[] = [];
let index = buildAddressIndex(gazetteer);
for (let i = 0; i < rounds; i++) {
  const t0 = performance.now();
  index = buildAddressIndex(gazetteer);
  builds.push(performance.now() - t0);
}

// Baseline: an exact lookup of the normalised text (every address known in advance).
const exact = new Map(addresses.map((a) => [normalizeSearchText(a), a.length]));
let sink = 0;
const perAddress: number[] = [];
const reader: number[] = [];
const baseline: number[] = [];
for (let round = 0; round < rounds; round++) {
  let t0 = performance.now();
  for (const a of addresses) sink += exact.get(normalizeSearchText(a)) ?? 0;
  baseline.push((performance.now() - t0) / addresses.length);
  t0 = performance.now();
  for (const a of addresses) {
    const s = performance.now();
    sink += predictArea(index, a).confidence;
    perAddress.push(performance.now() - s);
  }
  reader.push((performance.now() - t0) / addresses.length);
}
const longTimes: number[] = [];
for (let i = 0; i < rounds * 40; i++) {
  const s = performance.now();
  sink += predictArea(index, long).confidence;
  longTimes.push(performance.now() - s);
}

const ms = (x: number) => `${x.toFixed(3)} ms`;
console.log(
  [
    `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}; ${addresses.length} addresses × ${rounds} rounds`,
    `index build (median):           ${ms(median(builds))}  (${index.areas.length} areas)`,
    `reader, mean per address:       ${ms(median(reader))}  (p50 ${ms(percentile(perAddress, 0.5))}, p99 ${ms(percentile(perAddress, 0.99))}, max ${ms(Math.max(...perAddress))})`,
    `baseline Map lookup per address: ${ms(median(baseline))}`,
    `reader / baseline:              ${(median(reader) / median(baseline)).toFixed(0)}×`,
    `500-character address (median): ${ms(median(longTimes))}`,
    `(checksum ${sink.toFixed(0)})`,
  ].join('\n'),
);
