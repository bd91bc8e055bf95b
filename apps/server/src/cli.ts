import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { staffRoles } from '@dak/domain/auth';
import { passwordSchema } from '@dak/domain/password';
import { normalizePhone } from '@dak/domain/phone';
import { ConfigError, loadConfig } from './config';
import { BackupError, backupDatabase, restoreDatabase } from './db/backup';
import { connectDatabaseServer } from './db/connect';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { seedBanks } from './db/seed/banks';
import { seedGeography } from './db/seed/geography';
import { seedParcelCategories } from './db/seed/parcel-categories';
import { hashPassword } from './modules/auth/passwords';
import { bootstrapRules, bootstrapStaff } from './modules/auth/staff-bootstrap';

/**
 * Operator commands on the database `npm start` uses (DATABASE_URL, else the embedded one under
 * DATA_DIR, whether or not the server is running):
 *   staff:create --phone 017… --role admin --password … [--name …]   (prints a one-time sign-in code)
 *   migrate | seed
 *   backup [--file dak.dump]          pg_dump of the whole database (default DATA_DIR/backups/…)
 *   restore --file dak.dump --into NAME   into a new database NAME on the same server
 */
const usage = `usage: npm run staff:create -- --phone 01XXXXXXXXX --role ${staffRoles.join('|')} --password <8+ chars> [--name "Full Name"]`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

async function withDatabase<T>(fn: (database: ReturnType<typeof openDatabase>) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const server = await connectDatabaseServer(config);
  const database = openDatabase(server.url, { max: 2 });
  try {
    await migrate(database.pool);
    return await fn(database);
  } finally {
    await database.close();
    await server.stop();
  }
}

async function staffCreate(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      phone: { type: 'string' },
      role: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
    },
  });
  const phone = normalizePhone(values.phone ?? '');
  if (!phone) fail(`Invalid phone number\n${usage}`);
  const role = staffRoles.find((r) => r === values.role);
  if (!role) fail(`--role must be one of ${staffRoles.join(', ')}\n${usage}`);
  const password = passwordSchema.safeParse(values.password ?? '');
  if (!password.success) fail(`${password.error.issues[0]?.message}\n${usage}`);
  const name = values.name?.trim() || `Staff ${phone.slice(-4)}`;
  const passwordHash = await hashPassword(password.data);
  await withDatabase(async ({ db }) => {
    const { staff: row, code } = await bootstrapStaff(
      db,
      { phone, role, name, password_hash: passwordHash },
      new Date(),
    );
    console.log(
      [
        `Staff ${row.phone} is ${row.role} (id ${row.id}). Sign in at /ops/login with this phone and password,`,
        `then enter this one-time code instead of an SMS code: ${code}`,
        `(it works once, within ${bootstrapRules.ttlMinutes} minutes; later sign-ins get their code by SMS).`,
      ].join('\n'),
    );
  });
}

async function backup(args: string[]) {
  const { values } = parseArgs({ args, options: { file: { type: 'string' } } });
  const config = loadConfig();
  const file =
    values.file ??
    join(config.dataDir, 'backups', `dak-${new Date().toISOString().replace(/[:.]/g, '-')}.dump`);
  await mkdir(dirname(resolve(file)), { recursive: true });
  const server = await connectDatabaseServer(config);
  try {
    const { tool } = await backupDatabase({ url: server.url, file, binDir: config.pgBinDir });
    console.log(`Backup written to ${resolve(file)} (${tool}).`);
  } finally {
    await server.stop();
  }
}

async function restore(args: string[]) {
  const { values } = parseArgs({ args, options: { file: { type: 'string' }, into: { type: 'string' } } });
  if (!values.file || !values.into)
    fail('usage: npm run restore -- --file dak.dump --into new_database_name');
  const config = loadConfig();
  const server = await connectDatabaseServer(config);
  try {
    const { url } = await restoreDatabase({
      url: server.url,
      file: values.file,
      into: values.into,
      binDir: config.pgBinDir,
    });
    const shown = new URL(url);
    shown.password = '';
    console.log(
      `Restored into database ${values.into}. Check it, then point DATABASE_URL at ${shown.toString()} (with its password) and start.`,
    );
  } finally {
    await server.stop();
  }
}

async function run() {
  const [command, ...rest] = process.argv.slice(2);
  try {
    switch (command) {
      case 'staff:create':
        return await staffCreate(rest);
      case 'migrate':
        return await withDatabase(async () => console.log('Migrations applied.'));
      case 'seed':
        return await withDatabase(async ({ db }) => {
          const { areas } = await seedGeography(db);
          console.log(`Geography seeded: ${areas} areas.`);
          const { banks, branches } = await seedBanks(db);
          console.log(`Banks seeded: ${banks} banks, ${branches} branches.`);
          const { categories, variants } = await seedParcelCategories(db);
          console.log(`Parcel categories seeded: ${categories} categories, ${variants} variants.`);
        });
      case 'backup':
        return await backup(rest);
      case 'restore':
        return await restore(rest);
      default:
        fail(
          `unknown command ${command ?? ''}\n${usage}\n       npm run migrate | npm run seed | npm run backup | npm run restore`,
        );
    }
  } catch (error) {
    if (error instanceof ConfigError || error instanceof BackupError) fail(error.message);
    throw error;
  }
}

run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
