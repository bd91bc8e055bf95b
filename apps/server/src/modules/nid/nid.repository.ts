import type { Kysely } from 'kysely';
import { pageWithCount } from '../../db/queries';
import type { DB, Executor } from '../../db/schema';

const submissionColumns = [
  'nid_submissions.id',
  'nid_submissions.user_id',
  'nid_submissions.shop_id',
  'nid_submissions.nid_number',
  'nid_submissions.status',
  'nid_submissions.reason',
  'nid_submissions.created_at',
  'nid_submissions.reviewed_at',
  'nid_submissions.reviewed_by_staff_id',
  'nid_submissions.front_key',
  'nid_submissions.back_key',
] as const;

export type NidSubmissionInsert = {
  id: string;
  user_id: string;
  shop_id: string;
  submitted_by_user_id: string;
  nid_number: string;
  front_key: string;
  front_content_type: string;
  front_bytes: number;
  back_key: string;
  back_content_type: string;
  back_bytes: number;
  created_at: Date;
};

/** SQL for NID submissions and skips; every method takes an optional transaction. */
export function createNidRepository(db: Kysely<DB>) {
  return {
    findShopOwnerId(shopId: string, trx: Executor = db) {
      return trx
        .selectFrom('shops')
        .select(['owner_user_id'])
        .where('id', '=', shopId)
        .executeTakeFirst()
        .then((row) => row?.owner_user_id);
    },
    /** A user's submissions, newest first. */
    submissionsOf(userId: string, limit: number, trx: Executor = db) {
      return trx
        .selectFrom('nid_submissions')
        .select(submissionColumns)
        .where('user_id', '=', userId)
        .orderBy('seq', 'desc')
        .limit(limit)
        .execute();
    },
    lastSkipOf(userId: string, trx: Executor = db) {
      return trx
        .selectFrom('nid_skips')
        .select(['created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
    insertSubmission(values: NidSubmissionInsert, trx: Executor = db) {
      return trx.insertInto('nid_submissions').values(values).execute();
    },
    insertSkip(values: { user_id: string; shop_id: string; skipped_by_user_id: string; created_at: Date }) {
      return db.insertInto('nid_skips').values(values).execute();
    },
    findSubmission(id: string, trx: Executor = db) {
      return trx
        .selectFrom('nid_submissions')
        .select(submissionColumns)
        .where('id', '=', id)
        .executeTakeFirst();
    },
    /** Review queue rows with what a reviewer compares: the person's name, birth date and phone. */
    async review(filter: { status: 'pending' | 'verified' | 'failed'; limit: number; offset: number }) {
      const base = db.selectFrom('nid_submissions').where('nid_submissions.status', '=', filter.status);
      return pageWithCount(base, filter, (q) =>
        q
          .innerJoin('users', 'users.id', 'nid_submissions.user_id')
          .leftJoin('shops', 'shops.id', 'nid_submissions.shop_id')
          .leftJoin('staff', 'staff.id', 'nid_submissions.reviewed_by_staff_id')
          .select(submissionColumns)
          .select([
            'users.phone as user_phone',
            'users.display_name as user_name',
            'users.full_name as user_full_name',
            'users.date_of_birth as user_date_of_birth',
            'shops.name as shop_name',
            'staff.name as reviewer_name',
          ])
          // Oldest first while waiting (first come, first served); newest first once decided.
          .orderBy('nid_submissions.seq', filter.status === 'pending' ? 'asc' : 'desc'),
      );
    },
    /** Decides a pending submission; undefined when it is not pending (any more). */
    decide(
      id: string,
      decision: { status: 'verified' | 'failed'; reason: string | null; staffId: string; now: Date },
      trx: Executor = db,
    ) {
      return trx
        .updateTable('nid_submissions')
        .set({
          status: decision.status,
          reason: decision.reason,
          reviewed_by_staff_id: decision.staffId,
          reviewed_at: decision.now,
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returning(['id', 'user_id', 'shop_id'])
        .executeTakeFirst();
    },
  };
}

export type NidRepository = ReturnType<typeof createNidRepository>;
