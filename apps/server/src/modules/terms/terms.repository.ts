import { type Kysely, sql } from 'kysely';
import type { DB, Executor } from '../../db/schema';

const versionColumns = ['version', 'body_en', 'body_bn', 'published_at'] as const;

/** SQL for terms versions and shops' acceptances; every method takes an optional transaction. */
export function createTermsRepository(db: Kysely<DB>) {
  return {
    current(trx: Executor = db) {
      return trx
        .selectFrom('terms_versions')
        .select(versionColumns)
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
    /**
     * The versions, newest first, with who published each and how many shops accepted it: on the
     * terms screen, or by the owner's tick at sign-up (or on the shop form) while it was in force,
     * the same two ways `forShop` counts.
     */
    list(trx: Executor = db) {
      return trx
        .selectFrom('terms_versions as v')
        .leftJoin('staff', 'staff.id', 'v.published_by_staff_id')
        .select(['v.version', 'v.body_en', 'v.body_bn', 'v.published_at', 'v.published_by_staff_id'])
        .select('staff.name as published_by_name')
        .select(
          sql<number>`(
            select count(*) from shops s join users u on u.id = s.owner_user_id
            where exists (
                select 1 from terms_acceptances a where a.shop_id = s.id and a.version = v.version
              )
              or v.version = (
                select max(v2.version) from terms_versions v2
                where v2.published_at <= greatest(s.terms_accepted_at, u.terms_accepted_at)
              )
          )`.as('accepted_shops'),
        )
        .orderBy('v.version', 'desc')
        .execute();
    },
    /** The version in force at a moment: the newest published at or before it. */
    versionAt(at: Date, trx: Executor = db) {
      return trx
        .selectFrom('terms_versions')
        .select(['version'])
        .where('published_at', '<=', at)
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
    /** The shop, and the moments its owner ticked the terms box: at sign-up and on the shop form. */
    shopSignup(shopId: string, trx: Executor = db) {
      return trx
        .selectFrom('shops')
        .innerJoin('users', 'users.id', 'shops.owner_user_id')
        .select([
          'shops.id',
          'shops.terms_accepted_at as shop_terms_at',
          'users.id as owner_id',
          'users.display_name as owner_name',
          'users.terms_accepted_at as owner_terms_at',
        ])
        .where('shops.id', '=', shopId)
        .executeTakeFirst();
    },
    acceptances(shopId: string, trx: Executor = db) {
      return trx
        .selectFrom('terms_acceptances as a')
        .innerJoin('users', 'users.id', 'a.accepted_by_user_id')
        .select(['a.version', 'a.accepted_at', 'a.accepted_by_user_id', 'users.display_name'])
        .where('a.shop_id', '=', shopId)
        .orderBy('a.accepted_at', 'desc')
        .orderBy('a.id', 'desc')
        .execute();
    },
    /** Records an acceptance; accepting the same version again keeps the first record. */
    accept(values: {
      shop_id: string;
      version: number;
      accepted_by_user_id: string;
      accepted_at: Date;
      ip: string;
    }) {
      return db
        .insertInto('terms_acceptances')
        .values(values)
        .onConflict((oc) => oc.columns(['shop_id', 'version']).doNothing())
        .execute();
    },
    /** Publishes the next version number; two publishes at once cannot both take it (primary key). */
    publish(values: { body_en: string; body_bn: string; published_at: Date; published_by_staff_id: string }) {
      return db
        .insertInto('terms_versions')
        .columns(['version', 'body_en', 'body_bn', 'published_at', 'published_by_staff_id'])
        .expression(
          db
            .selectFrom('terms_versions')
            .select([
              sql<number>`coalesce(max(version), 0) + 1`.as('version'),
              sql<string>`${values.body_en}::text`.as('body_en'),
              sql<string>`${values.body_bn}::text`.as('body_bn'),
              sql<Date>`${values.published_at}::timestamptz`.as('published_at'),
              sql<string>`${values.published_by_staff_id}::uuid`.as('published_by_staff_id'),
            ]),
        )
        .returning(versionColumns)
        .executeTakeFirstOrThrow();
    },
  };
}

export type TermsRepository = ReturnType<typeof createTermsRepository>;
