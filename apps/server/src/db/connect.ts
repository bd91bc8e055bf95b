import pg from 'pg';
import type { Config } from '../config';
import { startEmbeddedPostgres } from './embedded';

export type DatabaseServer = { url: string; stop(): Promise<void>; embedded: boolean };

const appDatabase = 'dak';

/** Creates a database on the server of `adminUrl` unless it exists. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/**
 * The database the server, the CLI and the bench use: DATABASE_URL when given, else the embedded
 * PostgreSQL under DATA_DIR (started here, or the one `npm start` already runs there).
 */
export async function connectDatabaseServer(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  log?: (line: string) => void,
): Promise<DatabaseServer> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => {}, embedded: false };
  const server = await startEmbeddedPostgres({ dataDir: config.dataDir, log });
  await ensureDatabase(server.url, appDatabase);
  const url = new URL(server.url);
  url.pathname = `/${appDatabase}`;
  return { url: url.toString(), stop: server.stop, embedded: true };
}
