import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type DatabaseSettings, databaseDefaults } from '../config';
import type { DB } from './schema';

// Dates stay strings (YYYY-MM-DD) so a date of birth never shifts across time zones.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
// bigint counts fit in a JS number for every table we have.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Where a dropped connection is reported; the app points it at its logger. */
export type ConnectionErrorLog = (error: Error, message: string) => void;

export type Database = {
  db: Kysely<DB>;
  /** The API's pool: requests, and the work the jobs do. */
  pool: pg.Pool;
  /** The job runner's own pool (pg-boss's queue queries), so a busy API never starves the queue. */
  jobsPool: pg.Pool;
  /** Sends connection errors (a backend terminated, the network gone) to this log. */
  logConnectionErrors(log: ConnectionErrorLog): void;
  close(): Promise<void>;
};

/**
 * Raised when no connection of the pool frees up within `connectTimeoutMs`: the server is busy,
 * not broken, so the error handler answers 503 "try again" instead of a 500.
 */
export class DatabaseBusyError extends Error {
  constructor(cause: unknown) {
    super('No database connection became free in time', { cause });
  }
}

/**
 * Both pools of a process, every connection opened with the timeouts of `settings` (sent at
 * connect, so they hold for every query and transaction, whatever the code does): a statement,
 * an idle open transaction and (API pool) a lock wait each have an end. A connection that fails
 * while checked out (its backend terminated mid-transaction) is logged; the query in flight fails
 * and the request with it, the process lives.
 */
export function openDatabase(
  url: string,
  options: Partial<DatabaseSettings> & { max?: number } = {},
): Database {
  const settings = {
    ...databaseDefaults,
    ...options,
    poolMax: options.max ?? options.poolMax ?? databaseDefaults.poolMax,
  };
  let log: ConnectionErrorLog = (error, message) => console.error(`${message}: ${error.message}`);

  const poolOf = (max: number, lockTimeout: boolean, name: string) => {
    const pool = new pg.Pool({
      connectionString: url,
      max,
      connectionTimeoutMillis: settings.connectTimeoutMs,
      statement_timeout: settings.statementTimeoutMs,
      idle_in_transaction_session_timeout: settings.idleInTransactionTimeoutMs,
      ...(lockTimeout ? { lock_timeout: settings.lockTimeoutMs } : {}),
      application_name: `dak-${name}`,
    });
    // An idle client that dies (database restart) is dropped by the pool; note it.
    pool.on('error', (error) => log(error, `idle ${name} database connection failed`));
    // A checked-out client has no listener of the pool's: without this one, its 'error' event
    // (backend terminated mid-transaction) would be unhandled and end the process.
    pool.on('connect', (client) => {
      client.on('error', (error) => log(error, `${name} database connection failed`));
    });
    return pool;
  };

  const pool = poolOf(settings.poolMax, true, 'api');
  const jobsPool = poolOf(settings.jobsPoolMax, false, 'jobs');
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({
      pool: {
        connect: () =>
          pool.connect().catch((error: unknown) => {
            throw isAcquireTimeout(error) ? new DatabaseBusyError(error) : error;
          }),
        end: () => pool.end(),
      },
    }),
  });
  return {
    db,
    pool,
    jobsPool,
    logConnectionErrors(next) {
      log = next;
    },
    close: async () => {
      await Promise.all([db.destroy(), jobsPool.end()]);
    },
  };
}

/** pg-pool's own words when connectionTimeoutMillis passes without a free connection. */
function isAcquireTimeout(error: unknown) {
  return error instanceof Error && error.message === 'timeout exceeded when trying to connect';
}

/**
 * What a database failure means for the caller: `busy` (no free connection in time, or a
 * statement cancelled by statement_timeout) and `interrupted` (the connection was lost: backend
 * terminated, idle transaction ended, server restarting) are 503s worth retrying; `locked` (a lock
 * wait past lock_timeout) is a 409, someone else is changing the same record. Anything else: null.
 */
export function databaseProblem(error: unknown): 'busy' | 'interrupted' | 'locked' | null {
  if (error instanceof DatabaseBusyError || isAcquireTimeout(error)) return 'busy';
  if (!(error instanceof Error)) return null;
  // A new connection not opened within connectTimeoutMs: the server is slow to accept, busy.
  if (error.message.startsWith('Connection terminated due to connection timeout')) return 'busy';
  const code = (error as { code?: unknown }).code;
  if (code === '55P03') return 'locked';
  if (code === '57014') return 'busy';
  if (typeof code === 'string' && (interruptedCodes.has(code) || code.startsWith('08'))) return 'interrupted';
  if (lostConnectionMessages.some((m) => error.message.startsWith(m))) return 'interrupted';
  return null;
}

/** idle_in_transaction timeout, admin/crash/cannot-connect-now shutdowns, too many connections. */
const interruptedCodes = new Set(['25P03', '57P01', '57P02', '57P03', '53300']);
/** pg's own errors for a connection that went away under a query. */
const lostConnectionMessages = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];
