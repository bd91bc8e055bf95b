import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BankSeed, buildBranches } from '../src/db/seed/bank-rules';

/**
 * Writes src/db/seed/bank-branches.json (sample branches, see src/db/seed/banks.README.md) from
 * src/db/seed/banks.json. Re-run after changing either, then review the diff:
 *   npx tsx apps/server/scripts/build-bank-branches.ts
 */
const seedDir = join(dirname(fileURLToPath(import.meta.url)), '../src/db/seed');
const banks = JSON.parse(await readFile(join(seedDir, 'banks.json'), 'utf8')) as BankSeed[];
const branches = buildBranches(banks);
// One record per line, as the geography seed: a change shows up as a one-line diff in review.
await writeFile(
  join(seedDir, 'bank-branches.json'),
  `[\n${branches.map((row) => JSON.stringify(row)).join(',\n')}\n]\n`,
);
console.log(`bank-branches.json: ${branches.length} branches of ${banks.length} banks`);
