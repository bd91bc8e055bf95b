import { buildApp } from './app';
import { ConfigError, loadConfig, webFiles } from './config';
import { connectDatabaseServer } from './db/connect';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { seedBanks } from './db/seed/banks';
import { demoAccounts, seedDemoData } from './db/seed/demo';
import { seedGeography } from './db/seed/geography';
import { seedParcelCategories } from './db/seed/parcel-categories';
import { seedSiteContent } from './db/seed/site-content';

/**
 * The process: read config, open the database, migrate and seed, serve, and close gracefully.
 * `main.ts worker` (npm run worker) is the jobs-only process for deployments that run API
 * processes with JOBS=send-only: the same app, working jobs, listening on no port.
 */
async function main() {
  const worker = process.argv[2] === 'worker';
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const webDist = config.webDist ?? webFiles.defaultDist;
  const server = await connectDatabaseServer(config);
  const database = openDatabase(server.url, config.database);
  const applied = await migrate(database.pool);
  await seedGeography(database.db);
  await seedBanks(database.db);
  await seedParcelCategories(database.db);
  const demo = config.mode === 'production' ? false : await seedDemoData(database.db);
  // Demo booths, truck types, FAQ and posts for the public site; in production staff write them.
  if (config.mode !== 'production') await seedSiteContent(database.db);

  const app = await buildApp({
    config: { ...config, webDist, ...(worker ? { jobs: 'in-process' as const } : {}) },
    database,
  });
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      await server.stop();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  if (worker) {
    await app.ready();
    app.log.info('Dak worker started: working background jobs');
    return;
  }
  await app.listen({ port: config.port, host: config.host });
  const url = config.publicUrl ?? `http://localhost:${config.port}`;
  const lines = [
    '',
    `  Dak is running at ${url}  (${config.mode}, database: ${server.embedded ? `embedded PostgreSQL in ${config.dataDir}` : 'DATABASE_URL'})`,
    `  API reference: ${url}/api/docs`,
  ];
  if (config.mode !== 'production') {
    lines.push(
      `  Demo merchant: ${demoAccounts.merchant.localPhone} / ${demoAccounts.merchant.password}${demo ? ' (just created)' : ''}`,
    );
  }
  // Codes are readable in the outbox in development only (sms.service.ts).
  if (config.mode === 'development') {
    lines.push(
      `  Demo admin (${url}/ops/login): ${demoAccounts.admin.localPhone} / ${demoAccounts.admin.password}, then the code from ${url}/api/v1/dev/outbox?to=${demoAccounts.admin.localPhone}`,
    );
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
