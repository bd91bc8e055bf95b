import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { ensureDatabase } from '../apps/server/src/db/connect';
import { freePort } from '../apps/server/src/db/embedded';

const root = fileURLToPath(new URL('..', import.meta.url));
export const screenshotDir = join(root, 'test-results/screenshots');

export type RunningServer = {
  baseUrl: string;
  /** The server's own database, for operator commands a test runs against it (staff:create). */
  databaseUrl: string;
  stop(): Promise<void>;
  output(): string;
};

/**
 * The real product as `npm start` runs it (built web app + API on one port), as a child process
 * on its own fresh database, so a test may stop it.
 */
export async function startServer(): Promise<RunningServer> {
  const admin = new URL(inject('e2ePgAdminUrl'));
  const name = `dak_e2e_${randomBytes(5).toString('hex')}`;
  await ensureDatabase(admin.toString(), name);
  admin.pathname = `/${name}`;
  const port = await freePort();
  // Its own folder for uploaded and exported files, so servers of files running side by side
  // (and the developer's own .data) never see each other's files.
  const filesDir = mkdtempSync(join(tmpdir(), 'dak-e2e-files-'));
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'apps/server/src/main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: admin.toString(),
        WEB_DIST: inject('webDist'),
        FILES_DIR: filesDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  // A server that does not come up is stopped, not left behind: the file's `afterAll` never sees
  // it, and an orphan keeps a core busy on a machine that is already too slow.
  const giveUp = (why: string) => {
    child.kill('SIGKILL');
    rmSync(filesDir, { recursive: true, force: true });
    return new Error(`${why}:\n${output}`);
  };
  for (;;) {
    if (child.exitCode !== null) throw giveUp('server exited early');
    try {
      const res = await fetch(`${baseUrl}/api/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw giveUp('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    databaseUrl: admin.toString(),
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(filesDir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Headless Chromium for a test file. Every context it opens (and every `newPage`) asks for
 * reduced motion, so antd's dialogs and drawers appear at once (antd-providers.tsx turns its
 * animations off then): a click never lands on a dialog still zooming in. A click mid-zoom can
 * hit the mask instead, which closes the dialog (CI failed so on the add-member code step).
 * Chromium's `--force-prefers-reduced-motion` switch is not honoured in headless mode
 * (matchMedia answered false), so the emulation is asked for per context.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-dev-shm-usage',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ reducedMotion: 'reduce', ...options });
  return browser;
}

/** Saves a screenshot for people to look at (test-results/screenshots/NAME.png). */
export async function shot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

/** The newest 4-digit code SMSed to a phone, read from the dev outbox like a tester would. */
export async function otpFromOutbox(baseUrl: string, phone: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${baseUrl}/api/v1/dev/outbox?to=${phone}&limit=1`);
    const body = (await res.json()) as { items: { body: string }[] };
    const match = /\b(\d{4})\b/.exec(body.items[0]?.body ?? '');
    if (match?.[1]) return match[1];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code SMSed to ${phone}`);
}

/**
 * The newest SMS to a phone once it matches `pattern`: SMS that follow a parcel's move are sent by
 * a job after the move's commit, so the answer to the move may come before the SMS.
 */
export async function smsFromOutbox(baseUrl: string, phone: string, pattern: RegExp): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${baseUrl}/api/v1/dev/outbox?to=${phone}&limit=1`);
    const body = (await res.json()) as { items: { body: string }[] };
    const text = body.items[0]?.body ?? '';
    if (pattern.test(text)) return text;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS matching ${pattern} to ${phone}`);
}

/**
 * The merchant's return OTP for one parcel, once its SMS has gone out (a job, after the move):
 * the newest SMS with any 4 digits may still be the merchant's sign-up code.
 */
export async function returnOtpFromOutbox(
  baseUrl: string,
  phone: string,
  trackingId: string,
): Promise<string> {
  const pattern = new RegExp(`returned parcel ${trackingId} .*code: (\\d{4})`);
  const text = await smsFromOutbox(baseUrl, phone, pattern);
  return pattern.exec(text)?.[1] ?? '';
}

let counter = 0;
export function freshPhone(): string {
  counter += 1;
  return `019${String((Date.now() % 1_000_000) * 100 + counter)
    .padStart(8, '0')
    .slice(-8)}`;
}
