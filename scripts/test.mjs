// `npm test`: everything, in order — typecheck, lint, web build, then unit, integration (real
// PostgreSQL) and browser tests (headless Chromium) in one Vitest run. Installs Chromium when it
// can (root with apt-get), otherwise stops with one line saying what to install. Ends with the
// plain "N passed, N failed" line CI reads.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(label, command, args, options = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  return result.status === 0;
}

function ensureChromium() {
  if (existsSync(chromium)) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log('Chromium is missing; installing Debian’s chromium for the browser tests…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const ok =
      run('apt-get update', 'apt-get', ['update', '-qq'], { env }) &&
      run(
        'apt-get install chromium',
        'apt-get',
        ['install', '-y', '-qq', '--no-install-recommends', 'chromium'],
        { env },
      );
    if (ok && existsSync(chromium)) return;
  }
  console.error(
    `Browser tests need Chromium at ${chromium}: install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}

ensureChromium();
const failures = [];
if (!run('typecheck', 'npm', ['run', 'typecheck'])) failures.push('typecheck');
if (!run('lint', 'npm', ['run', 'lint'])) failures.push('lint');
if (!run('build web', 'npm', ['run', 'build', '--workspace', '@dak/web'])) failures.push('build');

// Browser journeys run after the server suite, not beside it: on a two-core machine both at
// once starve Chromium and make timing-sensitive steps flaky.
const reports = join(mkdtempSync(join(tmpdir(), 'dak-vitest-')), 'report');
const suites = [
  ['tests: domain and server (PostgreSQL)', ['--project', 'domain', '--project', 'server']],
  ['tests: browser journeys (Chromium)', ['--project', 'e2e']],
];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const [index, [label, projects]] of suites.entries()) {
  const report = `${reports}-${index}.json`;
  run(label, 'npx', [
    'vitest',
    'run',
    ...projects,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  if (!existsSync(report)) {
    failures.push(`${label}: vitest produced no report`);
    continue;
  }
  const summary = JSON.parse(readFileSync(report, 'utf8'));
  passed += summary.numPassedTests ?? 0;
  failed += (summary.numFailedTests ?? 0) + (summary.numFailedTestSuites ?? 0);
  skipped += (summary.numPendingTests ?? 0) + (summary.numTodoTests ?? 0);
}
if (failed > 0) failures.push('tests');
if (passed === 0) failures.push('no test ran');
// Checks that are not tests still count: each failed step is one failure in the closing line.
const stepFailures = failures.filter((f) => f !== 'tests').length;
if (failures.length > 0) console.log(`\nFailed: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed + stepFailures} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failures.length > 0 ? 1 : 0);
