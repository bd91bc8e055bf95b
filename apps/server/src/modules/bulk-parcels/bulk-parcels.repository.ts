import type { Insertable, Kysely } from 'kysely';
import { pageWithCount } from '../../db/queries';
import type { BulkParcelCreateLogsTable, DB, Executor } from '../../db/schema';

/** SQL for bulk booking: the shop's import limit and the upload log. */
export function createBulkParcelsRepository(db: Kysely<DB>) {
  return {
    /** The shop's own row limit for one sheet, if it has one set. */
    async importLimit(shopId: string, trx: Executor = db) {
      const row = await trx
        .selectFrom('shops')
        .select('bulk_import_limit')
        .where('id', '=', shopId)
        .executeTakeFirst();
      return row?.bulk_import_limit;
    },

    async insertLog(values: Insertable<BulkParcelCreateLogsTable>, trx: Executor = db) {
      const row = await trx
        .insertInto('bulk_parcel_create_logs')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** One page of the shop's uploads, newest first, with who uploaded, and how many in all. */
    async logs(shopId: string, page: { limit: number; offset: number }, trx: Executor = db) {
      const base = trx.selectFrom('bulk_parcel_create_logs as b').where('b.shop_id', '=', shopId);
      return pageWithCount(base, page, (q) =>
        q
          .innerJoin('users as u', 'u.id', 'b.user_id')
          .select([
            'b.id',
            'b.file_name',
            'b.total',
            'b.created',
            'b.failed',
            'b.created_at',
            'b.user_id',
            'u.full_name',
          ])
          .orderBy('b.created_at', 'desc')
          .orderBy('b.id', 'desc'),
      );
    },
  };
}

export type BulkParcelsRepository = ReturnType<typeof createBulkParcelsRepository>;
