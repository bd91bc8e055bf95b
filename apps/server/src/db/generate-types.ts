import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { generateTableTypes } from './codegen';
import { ensureDatabase } from './connect';
import { startEmbeddedPostgres } from './embedded';
import { migrate } from './migrate';

/**
 * `npm run db:types`: migrates a fresh embedded PostgreSQL in a temporary directory and writes
 * the row types of its tables to db/generated/ (tables.ts and its parts) (the test db/generated-types.test.ts
 * fails when the committed file differs from what the migrations make).
 */
export const generatedDir = join(dirname(fileURLToPath(import.meta.url)), 'generated');

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'dak-db-types-'));
  const server = await startEmbeddedPostgres({ dataDir: dir, persistent: false });
  try {
    await ensureDatabase(server.url, 'dak_types');
    const url = new URL(server.url);
    url.pathname = '/dak_types';
    const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
    try {
      await migrate(pool);
      const files = await generateTableTypes(pool);
      await mkdir(generatedDir, { recursive: true });
      for (const [name, text] of Object.entries(files)) {
        await writeFile(join(generatedDir, name), text);
        console.log(`wrote ${relative(process.cwd(), join(generatedDir, name))}`);
      }
    } finally {
      await pool.end();
    }
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main();
}
