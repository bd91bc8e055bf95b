import type { BannerAudience, BannerKind } from '@dak/domain/banners';
import { type Kysely, sql } from 'kysely';
import type { DB, Executor } from '../../db/schema';

export type BannerValues = {
  kind: BannerKind;
  audience: BannerAudience;
  merchant_types: string[];
  starts_at: Date;
  ends_at: Date;
  title_en: string;
  title_bn: string;
  body_en: string;
  body_bn: string;
  link: string | null;
};

const columns = [
  'b.id',
  'b.kind',
  'b.audience',
  'b.merchant_types',
  'b.starts_at',
  'b.ends_at',
  'b.ended_at',
  'b.title_en',
  'b.title_bn',
  'b.body_en',
  'b.body_bn',
  'b.link',
  'b.image_content_type',
  'b.created_at',
  'b.updated_at',
] as const;

/** SQL for banners, their shop lists and the popups users were shown; every method takes an optional transaction. */
export function createBannersRepository(db: Kysely<DB>) {
  return {
    /**
     * Serialises the writers of header banners: a second writer waits here until the first
     * commits, then sees (and ends) the first's banner. Without it, two creates at once would each
     * end only the older one and the second to commit would break the one-header index.
     */
    async lockHeaders(trx: Executor) {
      await sql`select pg_advisory_xact_lock(hashtext('banners: one header kept'))`.execute(trx);
    },

    /** Ends every header banner still open but `except`; returns how many it ended. */
    async endOtherHeaders(trx: Executor, at: Date, except: string | null) {
      let query = trx
        .updateTable('banners')
        .set({ ended_at: at, updated_at: at })
        .where('kind', '=', 'header')
        .where('ended_at', 'is', null);
      if (except) query = query.where('id', '<>', except);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    insert(trx: Executor, values: BannerValues & { created_by_staff_id: string; at: Date }) {
      const { at, ...rest } = values;
      return trx
        .insertInto('banners')
        .values({ ...rest, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
    },

    /** Changes an open banner; undefined when there is none (missing, or ended meanwhile). */
    update(trx: Executor, id: string, values: BannerValues & { at: Date }) {
      const { at, ...rest } = values;
      return trx
        .updateTable('banners')
        .set({ ...rest, updated_at: at })
        .where('id', '=', id)
        .where('ended_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
    },

    /** Ends a banner now; undefined when it is missing or already ended. */
    end(trx: Executor, id: string, at: Date) {
      return trx
        .updateTable('banners')
        .set({ ended_at: at, updated_at: at })
        .where('id', '=', id)
        .where('ended_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
    },

    /** The banner row, locked for the rest of the transaction (an edit against an end). */
    lockOne(trx: Executor, id: string) {
      return trx
        .selectFrom('banners')
        .select(['id', 'kind', 'ended_at', 'image_storage_key'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    async replaceShops(trx: Executor, bannerId: string, shopIds: readonly string[]) {
      await trx.deleteFrom('banner_shops').where('banner_id', '=', bannerId).execute();
      if (shopIds.length === 0) return;
      await trx
        .insertInto('banner_shops')
        .values(shopIds.map((shop_id) => ({ banner_id: bannerId, shop_id })))
        .execute();
    },

    async existingShops(trx: Executor, shopIds: readonly string[]) {
      if (shopIds.length === 0) return [];
      const rows = await trx.selectFrom('shops').select('id').where('id', 'in', shopIds).execute();
      return rows.map((r) => r.id);
    },

    /** The console's list, newest first, with each banner's shop list. */
    list(filter: { kind?: BannerKind }, trx: Executor = db) {
      let query = trx
        .selectFrom('banners as b')
        .select(columns)
        .select((eb) =>
          eb.fn
            .coalesce(
              eb
                .selectFrom('banner_shops as s')
                .select(sql<string[]>`array_agg(s.shop_id order by s.shop_id)`.as('ids'))
                .whereRef('s.banner_id', '=', 'b.id'),
              sql<string[]>`'{}'::uuid[]`,
            )
            .as('shop_ids'),
        )
        .orderBy('b.created_at', 'desc')
        .orderBy('b.id');
      if (filter.kind) query = query.where('b.kind', '=', filter.kind);
      return query.execute();
    },

    one(id: string, trx: Executor = db) {
      return trx
        .selectFrom('banners as b')
        .select(columns)
        .select((eb) =>
          eb.fn
            .coalesce(
              eb
                .selectFrom('banner_shops as s')
                .select(sql<string[]>`array_agg(s.shop_id order by s.shop_id)`.as('ids'))
                .whereRef('s.banner_id', '=', 'b.id'),
              sql<string[]>`'{}'::uuid[]`,
            )
            .as('shop_ids'),
        )
        .where('b.id', '=', id)
        .executeTakeFirst();
    },

    /**
     * Banners open at `now` (in their window, not ended), or the one `id`, with
     * the facts the audience rule needs for this shop and whether this user was shown it.
     */
    forShop(q: { shopId: string; userId: string; now: Date; id?: string }, trx: Executor = db) {
      let query = trx
        .selectFrom('banners as b')
        .select(columns)
        .select((eb) => [
          eb
            .exists(
              eb
                .selectFrom('banner_shops as s')
                .select('s.shop_id')
                .whereRef('s.banner_id', '=', 'b.id')
                .where('s.shop_id', '=', q.shopId),
            )
            .as('shop_listed'),
          eb
            .exists(
              eb
                .selectFrom('banner_popups_seen as p')
                .select('p.user_id')
                .whereRef('p.banner_id', '=', 'b.id')
                .where('p.user_id', '=', q.userId),
            )
            .as('seen'),
        ]);
      // By id, a banner that has started (a scheduled campaign stays unseen), even one ended since.
      query = q.id
        ? query.where('b.id', '=', q.id).where('b.starts_at', '<=', q.now)
        : query
            .where('b.ended_at', 'is', null)
            .where('b.starts_at', '<=', q.now)
            .where('b.ends_at', '>', q.now);
      return query.orderBy('b.starts_at').orderBy('b.id').execute();
    },

    merchantTypeOf(shopId: string, trx: Executor = db) {
      return trx
        .selectFrom('shops')
        .select('merchant_type')
        .where('id', '=', shopId)
        .executeTakeFirstOrThrow();
    },

    /** Records that the user was shown the popup; a second call keeps the first time. */
    async markSeen(bannerId: string, userId: string, at: Date, trx: Executor = db) {
      await trx
        .insertInto('banner_popups_seen')
        .values({ banner_id: bannerId, user_id: userId, seen_at: at })
        .onConflict((oc) => oc.columns(['banner_id', 'user_id']).doNothing())
        .execute();
    },

    image(id: string, trx: Executor = db) {
      return trx
        .selectFrom('banners')
        .select(['image_storage_key', 'image_content_type'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    setImage(
      trx: Executor,
      id: string,
      image: { key: string; contentType: 'image/jpeg' | 'image/png' | 'image/webp'; size: number; at: Date },
    ) {
      return trx
        .updateTable('banners')
        .set({
          image_storage_key: image.key,
          image_content_type: image.contentType,
          image_size_bytes: image.size,
          updated_at: image.at,
        })
        .where('id', '=', id)
        .where('ended_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
    },
  };
}

export type BannersRepository = ReturnType<typeof createBannersRepository>;
