import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureDatabase } from '../src/db/connect';
import { openDatabase } from '../src/db/database';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { migrate } from '../src/db/migrate';
import { seedBanks } from '../src/db/seed/banks';
import { seedGeography } from '../src/db/seed/geography';
import { seedParcelCategories } from '../src/db/seed/parcel-categories';

export const templateDatabase = 'dak_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

/**
 * One real PostgreSQL for the whole run (DATABASE_URL's server if given, else an embedded one in
 * a temp dir), with a template database migrated and seeded once; each test file clones it.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  let dir: string | undefined;
  if (!adminUrl) {
    dir = await mkdtemp(join(tmpdir(), 'dak-test-pg-'));
    const server = await startEmbeddedPostgres({ dataDir: dir, persistent: false, durable: false });
    adminUrl = server.url;
    stop = server.stop;
  }
  const admin = new URL(adminUrl);
  await dropDatabase(adminUrl, templateDatabase);
  await ensureDatabase(adminUrl, templateDatabase);
  admin.pathname = `/${templateDatabase}`;
  const template = openDatabase(admin.toString(), { max: 2 });
  await migrate(template.pool);
  await seedGeography(template.db);
  await seedBanks(template.db);
  await seedParcelCategories(template.db);
  await template.close();
  project.provide('pgAdminUrl', adminUrl);
  return async () => {
    await stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  };
}

async function dropDatabase(adminUrl: string, name: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`drop database if exists "${name}" with (force)`);
  await client.end();
}
