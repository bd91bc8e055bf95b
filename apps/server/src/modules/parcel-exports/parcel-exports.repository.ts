import type { Insertable, Kysely } from 'kysely';
import type { DB, ParcelExportsTable } from '../../db/schema';

/** SQL for parcel exports; the files themselves are in the files storage. */
export function createParcelExportsRepository(db: Kysely<DB>) {
  return {
    async insert(values: Insertable<ParcelExportsTable>) {
      return db.insertInto('parcel_exports').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async find(id: string) {
      return db.selectFrom('parcel_exports').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async unfinished(shopId: string) {
      const row = await db
        .selectFrom('parcel_exports')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('shop_id', '=', shopId)
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Claims a queued export for the job (a retry may take a running one back). */
    async claim(id: string) {
      return db
        .updateTable('parcel_exports')
        .set({ status: 'running', rows_done: 0, error: null })
        .where('id', '=', id)
        .where('status', 'in', ['queued', 'running'])
        .returningAll()
        .executeTakeFirst();
    },

    async progress(id: string, values: { rows_done: number; row_count: number }) {
      await db.updateTable('parcel_exports').set(values).where('id', '=', id).execute();
    },

    async finish(
      id: string,
      values: {
        rows_done: number;
        row_count: number;
        storage_key: string;
        size_bytes: number;
        finished_at: Date;
      },
    ) {
      await db
        .updateTable('parcel_exports')
        .set({ ...values, status: 'ready' })
        .where('id', '=', id)
        .execute();
    },

    async fail(id: string, error: string, at: Date) {
      await db
        .updateTable('parcel_exports')
        .set({ status: 'failed', error, finished_at: at })
        .where('id', '=', id)
        .execute();
    },

    /** Exports whose time is up, oldest first, a batch at a time. */
    async expired(now: Date, limit: number) {
      return db
        .selectFrom('parcel_exports')
        .select(['id', 'storage_key'])
        .where('expires_at', '<=', now)
        .orderBy('expires_at')
        .limit(limit)
        .execute();
    },

    async remove(id: string) {
      await db.deleteFrom('parcel_exports').where('id', '=', id).execute();
    },
  };
}

export type ParcelExportsRepository = ReturnType<typeof createParcelExportsRepository>;
export type ParcelExportRow = NonNullable<Awaited<ReturnType<ParcelExportsRepository['find']>>>;
