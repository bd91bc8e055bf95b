import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './db/embedded';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const run = promisify(execFile);

/**
 * The process as `npm start` runs it on a fresh machine: no DATABASE_URL, so an embedded
 * PostgreSQL under DATA_DIR; migrations, seeds and demo logins; a clean stop on SIGTERM. The
 * staff command works on the same database while the server runs.
 */
let child: ChildProcess | undefined;
let dataDir: string | undefined;
afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the server process on an embedded PostgreSQL', () => {
  it('starts, seeds, serves, lets the CLI in, and stops cleanly', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dak-main-'));
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
    };
    delete env.DATABASE_URL;
    /** The staff command, as an operator runs it next to (or without) the server. */
    const staffCreate = (phone: string, role: string, password: string) =>
      run(
        'npm',
        ['run', '--silent', 'staff:create', '--', '--phone', phone, '--role', role, '--password', password],
        { cwd: root, env },
      );
    let output = '';
    child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
      cwd: root,
      env,
    });
    child.stdout?.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.stderr?.on('data', (d: Buffer) => {
      output += d.toString();
    });
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    while (!output.includes('Dak is running')) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(output).toContain('Demo merchant: 01700000001');
    expect(output).toContain('embedded PostgreSQL');

    const health = await fetch(`${base}/api/v1/health`);
    expect(health.status).toBe(200);
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '01700000001', password: 'demo-merchant-1' }),
    });
    expect(login.status).toBe(200);
    // The demo shop is ready to book: it has an active pickup location.
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const shops = (await (await fetch(`${base}/api/v1/shops`, { headers: auth })).json()) as {
      items: { id: string }[];
    };
    const shop = (await (
      await fetch(`${base}/api/v1/shops/${shops.items[0]?.id}`, { headers: auth })
    ).json()) as {
      canBook: boolean;
    };
    expect(shop.canBook).toBe(true);
    const districts = (await (await fetch(`${base}/api/v1/districts`)).json()) as { count: number };
    expect(districts.count).toBe(64);

    const { stdout } = await staffCreate('01855000111', 'support', 'support-pass-1');
    expect(stdout).toContain('8801855000111 is support');
    const staffLogin = await fetch(`${base}/api/v1/ops/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '01855000111', password: 'support-pass-1' }),
    });
    expect(staffLogin.status).toBe(200);

    const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

    // With the server stopped, the command starts the same embedded database itself.
    const offline = await staffCreate('01855000112', 'rider', 'rider-pass-1');
    expect(offline.stdout).toContain('8801855000112 is rider');
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 120_000);
});
