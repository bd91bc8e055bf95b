import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Bench } from './lib';

/**
 * What the day left in PostgreSQL and where its time went (bench/day.ts): sizes, per-table
 * activity, and the CPU seconds of the PostgreSQL processes against this process's.
 */

const tick = 100; // clock ticks a second (USER_HZ) on Linux

function procTimes(pid: number): { ppid: number; self: number; children: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) in parentheses.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(f[1]),
      self: (Number(f[11]) + Number(f[12])) / tick,
      children: (Number(f[13]) + Number(f[14])) / tick,
    };
  } catch {
    return null;
  }
}

/** The postmaster's pid, from postmaster.pid in the data directory. */
export async function postmasterPid(bench: Bench): Promise<number> {
  const { rows } = await sql<{ dir: string }>`select current_setting('data_directory') as dir`.execute(
    bench.database.db,
  );
  return Number(readFileSync(join(rows[0]?.dir ?? '', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** CPU seconds of the postmaster and its backends (live ones, and those that have exited). */
export function postgresCpu(pm: number): number {
  const master = procTimes(pm);
  if (!master) return 0;
  let total = master.self + master.children;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const p = procTimes(Number(name));
    if (p && p.ppid === pm) total += p.self;
  }
  return total;
}

export function nodeCpu(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** Database size, the biggest tables and indexes, and bytes per parcel. */
export async function databaseSize(bench: Bench): Promise<number> {
  const { rows } = await sql<{ n: string }>`select pg_database_size(current_database()) as n`.execute(
    bench.database.db,
  );
  return Number(rows[0]?.n);
}

/** Database size, the biggest tables and indexes, and bytes per parcel (`before`: the size before the day). */
export async function sizes(bench: Bench, before: number) {
  const db = bench.database.db;
  await sql`vacuum analyze`.execute(db);
  const total = await databaseSize(bench);
  const parcels = Number(
    (await sql<{ n: string }>`select count(*) as n from parcels`.execute(db)).rows[0]?.n,
  );
  const tables = (
    await sql<{ name: string; rows: string; heap: string; indexes: string; toast: string }>`
      select c.relname as name, c.reltuples::bigint as rows,
             pg_relation_size(c.oid) as heap, pg_indexes_size(c.oid) as indexes,
             pg_total_relation_size(c.oid) - pg_relation_size(c.oid) - pg_indexes_size(c.oid) as toast
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname in ('public', 'pgboss')
      order by pg_total_relation_size(c.oid) desc limit 12`.execute(db)
  ).rows;
  const indexes = (
    await sql<{ name: string; tbl: string; size: string }>`
      select i.relname as name, t.relname as tbl, pg_relation_size(i.oid) as size
      from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
      join pg_namespace n on n.oid = t.relnamespace where n.nspname in ('public', 'pgboss')
      order by pg_relation_size(i.oid) desc limit 10`.execute(db)
  ).rows;
  const lines = [
    `Database: ${mb(before)} MB before the day (reference data, shops, staff), ${mb(total)} MB after it (after VACUUM ANALYZE), ` +
      `${parcels} parcels: ${Math.round((total - before) / Math.max(1, parcels))} bytes of growth a parcel`,
    '',
    '| table | rows | heap MB | indexes MB | toast+fsm MB | bytes / parcel |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...tables.map((t) => {
      const all = Number(t.heap) + Number(t.indexes) + Number(t.toast);
      return `| ${t.name} | ${t.rows} | ${mb(Number(t.heap))} | ${mb(Number(t.indexes))} | ${mb(Number(t.toast))} | ${Math.round(all / Math.max(1, parcels))} |`;
    }),
    '',
    '| biggest indexes | table | MB |',
    '| --- | --- | ---: |',
    ...indexes.map((i) => `| ${i.name} | ${i.tbl} | ${mb(Number(i.size))} |`),
  ];
  return { total, parcels, text: lines.join('\n') };
}

/** Per-table work from pg_stat_user_tables (pg_stat_statements needs a preload the embedded server lacks). */
export async function tableActivity(bench: Bench) {
  const rows = (
    await sql<{
      name: string;
      seq_scan: string;
      seq_tup_read: string;
      idx_scan: string;
      ins: string;
      upd: string;
      del: string;
    }>`
      select relname as name, seq_scan, seq_tup_read, coalesce(idx_scan, 0) as idx_scan,
             n_tup_ins as ins, n_tup_upd as upd, n_tup_del as del
      from pg_stat_user_tables
      order by seq_tup_read + coalesce(idx_scan, 0) + n_tup_ins + n_tup_upd + n_tup_del desc limit 12`.execute(
      bench.database.db,
    )
  ).rows;
  const db = (
    await sql<{ commits: string; rollbacks: string; hit: string; read: string; tup_returned: string }>`
      select xact_commit as commits, xact_rollback as rollbacks, blks_hit as hit, blks_read as read,
             tup_returned from pg_stat_database where datname = current_database()`.execute(bench.database.db)
  ).rows[0];
  return [
    `Transactions: ${db?.commits} committed, ${db?.rollbacks} rolled back; buffer hits ${db?.hit}, reads ${db?.read}`,
    '',
    '| table | seq scans | rows read by seq scans | index scans | inserted | updated | deleted |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.seq_scan} | ${r.seq_tup_read} | ${r.idx_scan} | ${r.ins} | ${r.upd} | ${r.del} |`,
    ),
  ].join('\n');
}

/** The statements PostgreSQL spent the most time in since `pg_stat_statements_reset()`. */
export async function topStatements(bench: Bench, limit = 15) {
  const { rows } = await sql<{ calls: string; total: number; mean: number; rows: string; query: string }>`
    select calls, total_exec_time as total, mean_exec_time as mean, rows,
           regexp_replace(query, '[[:space:]]+', ' ', 'g') as query
    from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
    order by total_exec_time desc limit ${limit}`.execute(bench.database.db);
  const all = await sql<{ total: number; calls: string }>`
    select sum(total_exec_time) as total, sum(calls) as calls from pg_stat_statements`.execute(
    bench.database.db,
  );
  const sum = Number(all.rows[0]?.total ?? 0);
  return [
    `pg_stat_statements: ${all.rows[0]?.calls} statements, ${(sum / 1000).toFixed(0)} s of execution in all`,
    '',
    '| share | calls | total s | mean ms | rows | statement |',
    '| ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map(
      (r) =>
        `| ${((100 * Number(r.total)) / Math.max(1, sum)).toFixed(1)} % | ${r.calls} | ${(Number(r.total) / 1000).toFixed(1)} | ${Number(r.mean).toFixed(2)} | ${r.rows} | \`${r.query.slice(0, 140).replaceAll('|', '\\|')}\` |`,
    ),
  ].join('\n');
}

/** The plan of pg-boss's fetch (its WHERE and ORDER BY) on the queue with the most jobs. */
export async function explainJobFetch(bench: Bench) {
  const db = bench.database.db;
  const queue = (
    await sql<{ name: string; n: string }>`
      select name, count(*) as n from pgboss.job group by name order by count(*) desc limit 1`.execute(db)
  ).rows[0];
  if (!queue) return 'pgboss.job: empty';
  const plan = await sql<{ 'QUERY PLAN': string }>`
    explain (analyze, buffers, costs off)
    select id from pgboss.job
    where name = ${queue.name} and state < 'active' and start_after < now()
    order by priority desc, created_on, id limit 1 for update skip locked`.execute(db);
  return [
    `pg-boss fetch on ${queue.name} (${queue.n} jobs in pgboss.job at the end):`,
    ...plan.rows.map((r) => `    ${r['QUERY PLAN']}`),
  ].join('\n');
}
