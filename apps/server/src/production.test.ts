import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { bulkSheetLimits } from '@dak/domain/bulk';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script beside package.json, without types
import { buildServer, serverDist } from '../../../scripts/build-server.mjs';
// @ts-expect-error: a plain ESM script beside package.json, without types
import { webBuildReason } from '../../../scripts/web-build.mjs';
import { productionEnv } from '../test/helpers';
import { freePort } from './db/embedded';

/**
 * Production as an operator runs it (issue 11): `NODE_ENV=production npm start` refuses without
 * its settings; runs the compiled server; serves public pages from a web build made in a shell
 * with NODE_ENV=development; and on SIGTERM stops the server and its embedded PostgreSQL.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const webRoot = join(root, 'apps/web');

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

function env(extra: Record<string, string>): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'WEB_DIST',
    'PUBLIC_URL',
    'SMS_PROVIDER',
    'SMS_API_KEY',
    'SMS_SENDER_ID',
    'DATA_ENCRYPTION_KEY',
  ]) {
    delete e[name];
  }
  return { ...e, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...extra };
}

function start(command: string, args: string[], childEnv: NodeJS.ProcessEnv, cwd = root) {
  const child = spawn(command, args, { cwd, env: childEnv });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  cleanup.push(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  return { child, exited, output: () => output };
}

/** Processes whose command line names the directory (a postgres -D <dir>/pg). */
function processesUsing(dir: string): string[] {
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .flatMap((pid) => {
      try {
        const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
        return cmd.includes(dir) ? [`${pid}: ${cmd}`] : [];
      } catch {
        return [];
      }
    });
}

async function waitFor(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited early (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`did not start:\n${output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('production start', () => {
  it('refuses to start without its settings, one line per missing setting', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'dak-prod-refuse-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const run = start(
      process.execPath,
      ['scripts/start.mjs'],
      env({ NODE_ENV: 'production', DATA_DIR: dataDir, WEB_DIST: join(dataDir, 'web') }),
    );
    expect(await run.exited).toBe(1);
    const lines = run.output().split('\n');
    for (const name of [
      'SMS_PROVIDER',
      'SMS_API_KEY',
      'SMS_SENDER_ID',
      'PUBLIC_URL',
      'DATA_ENCRYPTION_KEY',
    ]) {
      expect(
        lines.filter((l) => l.includes(`- ${name}:`)),
        name,
      ).toHaveLength(1);
    }
    expect(processesUsing(dataDir)).toEqual([]);
  }, 60_000);

  it('serves a web build made under NODE_ENV=development, and stops with its database on SIGTERM', async () => {
    // The site's server half built the way `npm run build` builds it, in a shell that has
    // NODE_ENV=development, into a directory of its own (under node_modules, so the bundle finds
    // React). Only the server half: the client half adds scripts, not the JSX runtime at issue.
    const out = join(webRoot, 'node_modules/.cache', `dak-build-test-${process.pid}`);
    cleanup.push(() => rm(out, { recursive: true, force: true }));
    mkdirSync(join(out, 'dist'), { recursive: true });
    writeFileSync(join(out, 'dist/index.html'), '<!doctype html><title>Dak</title>');
    const build = start(
      'npx',
      [
        'vite',
        'build',
        '--ssr',
        'src/site/entry-server.tsx',
        '--outDir',
        join(out, 'dist-ssr'),
        '--logLevel',
        'warn',
      ],
      { ...process.env, NODE_ENV: 'development' },
      webRoot,
    );
    expect(await build.exited, build.output()).toBe(0);

    const dataDir = await mkdtemp(join(tmpdir(), 'dak-prod-start-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const npm = start('npm', ['start'], {
      ...env({ NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port), WEB_DIST: join(out, 'dist') }),
      ...productionEnv,
    });
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/api/v1/health`, npm.child, npm.output);

    const home = await fetch(`${base}/`);
    const html = await home.text();
    expect(home.status, html.slice(0, 500)).toBe(200);
    expect(html).toContain('Fast courier service');
    expect(html).toContain('<link rel="canonical" href="https://dak.example/"');
    // Production's headers on the public site: the policy without inline script, and HSTS.
    expect(home.headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/);
    expect(home.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    // The merchant panel (the single-page app) and the API answer too.
    const panel = await fetch(`${base}/login`);
    expect(panel.status).toBe(200);
    expect(await panel.text()).toContain('<title>Dak</title>');
    expect(panel.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    const districts = await fetch(`${base}/api/v1/districts`);
    expect(districts.status).toBe(200);
    expect(((await districts.json()) as { count: number }).count).toBe(64);
    // The compiled server runs, not TypeScript.
    const running = processesUsing(dataDir).join('\n');
    expect(running).toContain('postgres');
    expect(processesUsing(join(root, 'apps/server/dist/main.js')).length).toBeGreaterThan(0);

    npm.child.kill('SIGTERM');
    expect(await npm.exited, npm.output()).toBe(0);
    expect(processesUsing(dataDir)).toEqual([]);
  }, 240_000);

  it('rebuilds a web build that was not made for production', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dak-web-build-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    mkdirSync(join(dir, 'dist'));
    mkdirSync(join(dir, 'dist-ssr'));
    writeFileSync(join(dir, 'dist/index.html'), '');
    writeFileSync(join(dir, 'dist-ssr/entry-server.js'), '');
    expect(webBuildReason(dir)).toBe('not a production build');
    for (const half of ['dist', 'dist-ssr']) {
      writeFileSync(join(dir, half, 'build-mode.json'), JSON.stringify({ nodeEnv: 'development' }));
    }
    expect(webBuildReason(dir)).toBe('not a production build');
    for (const half of ['dist', 'dist-ssr']) {
      writeFileSync(join(dir, half, 'build-mode.json'), JSON.stringify({ nodeEnv: 'production' }));
    }
    expect(webBuildReason(dir)).toBeNull();
  });

  it('the compiled server carries the .xlsx reader as its own worker entry, and it reads a sheet', async () => {
    await buildServer({ quiet: true });
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Parcels');
    sheet.addRow(['Name', 'Phone']);
    sheet.addRow(['Rahim', '01711000000']);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const worker = new Worker(join(serverDist, 'xlsx-sheet.worker.js'), {
      workerData: { kind: 'xlsx-sheet' },
    });
    try {
      const answer = new Promise<{ id: number; result: { ok: boolean; table?: string[][] } }>(
        (resolve, reject) => {
          worker.once('message', resolve);
          worker.once('error', reject);
        },
      );
      worker.postMessage({ id: 1, job: { bytes, limits: bulkSheetLimits } });
      const { id, result } = await answer;
      expect(id).toBe(1);
      expect(result).toEqual({
        ok: true,
        table: [
          ['Name', 'Phone'],
          ['Rahim', '01711000000'],
        ],
      });
    } finally {
      await worker.terminate();
    }
  }, 60_000);
});
