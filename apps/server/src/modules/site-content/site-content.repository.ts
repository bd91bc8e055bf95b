import { type Kysely, sql } from 'kysely';
import { containing } from '../../db/queries';
import type { DB, Executor } from '../../db/schema';

export type BoothValues = {
  name_en: string;
  name_bn: string;
  address_en: string;
  address_bn: string;
  district_id: string;
  area_id: string | null;
  phone: string;
  hours_en: string;
  hours_bn: string;
  services: string[];
  active: boolean;
};

export type TruckTypeValues = {
  name_en: string;
  name_bn: string;
  capacity_kg: number;
  length_feet: number;
  description_en: string;
  description_bn: string;
  indicative_price_taka: number;
  price_unit: 'trip' | 'day';
  position: number;
  active: boolean;
};

export type FaqValues = {
  question_en: string;
  question_bn: string;
  answer_en: string;
  answer_bn: string;
  category: string;
  position: number;
  status: 'draft' | 'published';
};

export type BlogValues = {
  slug: string;
  title_en: string;
  title_bn: string;
  excerpt_en: string;
  excerpt_bn: string;
  body_en: string;
  body_bn: string;
  cover_media_id: string | null;
  status: 'draft' | 'published';
  published_at: Date | null;
};

/** SQL for booths, truck types, FAQ entries, blog posts and media; every method takes an optional transaction. */
export function createSiteContentRepository(db: Kysely<DB>) {
  return {
    // ---------------------------------------------------------------- booths and hubs
    publicBooths(filter: { districtId?: string; areaId?: string; q?: string }, trx: Executor = db) {
      let query = trx
        .selectFrom('booths')
        .selectAll()
        .where('active', '=', true)
        .orderBy('district_id')
        .orderBy('name_en');
      if (filter.districtId) query = query.where('district_id', '=', filter.districtId);
      if (filter.areaId) query = query.where('area_id', '=', filter.areaId);
      if (filter.q) {
        const like = containing(filter.q);
        query = query.where((eb) =>
          eb.or([
            eb('name_en', 'ilike', like),
            eb('name_bn', 'ilike', like),
            eb('address_en', 'ilike', like),
            eb('address_bn', 'ilike', like),
          ]),
        );
      }
      return query.execute();
    },
    /** Active hubs by district, by the area they serve, or by words in their names. */
    publicHubs(filter: { districtId?: string; areaId?: string; q?: string }, trx: Executor = db) {
      let query = trx
        .selectFrom('hubs')
        .innerJoin('districts', 'districts.id', 'hubs.district_id')
        .select([
          'hubs.id',
          'hubs.name_en',
          'hubs.name_bn',
          'hubs.address',
          'hubs.district_id',
          'districts.name_en as district_en',
          'districts.name_bn as district_bn',
        ])
        .where('hubs.active', '=', true)
        .where('hubs.kind', '!=', 'sorting')
        .orderBy('hubs.district_id')
        .orderBy('hubs.name_en');
      if (filter.districtId) query = query.where('hubs.district_id', '=', filter.districtId);
      if (filter.areaId) {
        const areaId = filter.areaId;
        query = query.where('hubs.id', 'in', (eb) =>
          eb.selectFrom('areas').select('areas.hub_id').where('areas.id', '=', areaId),
        );
      }
      if (filter.q) {
        const like = containing(filter.q);
        query = query.where((eb) =>
          eb.or([
            eb('hubs.name_en', 'ilike', like),
            eb('hubs.name_bn', 'ilike', like),
            eb('hubs.address', 'ilike', like),
            eb('districts.name_en', 'ilike', like),
            eb('districts.name_bn', 'ilike', like),
          ]),
        );
      }
      return query.execute();
    },
    listBooths(trx: Executor = db) {
      return trx.selectFrom('booths').selectAll().orderBy('district_id').orderBy('name_en').execute();
    },
    areaOf(areaId: string, trx: Executor = db) {
      return trx
        .selectFrom('areas')
        .select(['id', 'district_id'])
        .where('id', '=', areaId)
        .executeTakeFirst();
    },
    districtExists(districtId: string, trx: Executor = db) {
      return trx.selectFrom('districts').select('id').where('id', '=', districtId).executeTakeFirst();
    },
    insertBooth(values: BoothValues, trx: Executor = db) {
      return trx.insertInto('booths').values(values).returningAll().executeTakeFirstOrThrow();
    },
    updateBooth(id: string, values: BoothValues & { updated_at: Date }, trx: Executor = db) {
      return trx.updateTable('booths').set(values).where('id', '=', id).returningAll().executeTakeFirst();
    },
    deleteBooth(id: string, trx: Executor = db) {
      return trx.deleteFrom('booths').where('id', '=', id).returning('id').executeTakeFirst();
    },

    // ---------------------------------------------------------------- truck types
    truckTypes(onlyActive: boolean, trx: Executor = db) {
      let query = trx.selectFrom('truck_types').selectAll().orderBy('position').orderBy('length_feet');
      if (onlyActive) query = query.where('active', '=', true);
      return query.execute();
    },
    insertTruckType(values: TruckTypeValues, trx: Executor = db) {
      return trx.insertInto('truck_types').values(values).returningAll().executeTakeFirstOrThrow();
    },
    updateTruckType(id: string, values: TruckTypeValues & { updated_at: Date }, trx: Executor = db) {
      return trx
        .updateTable('truck_types')
        .set(values)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },
    deleteTruckType(id: string, trx: Executor = db) {
      return trx.deleteFrom('truck_types').where('id', '=', id).returning('id').executeTakeFirst();
    },

    // ---------------------------------------------------------------- FAQ
    faq(onlyPublished: boolean, trx: Executor = db) {
      let query = trx.selectFrom('faq_entries').selectAll().orderBy('position').orderBy('created_at');
      if (onlyPublished) query = query.where('status', '=', 'published');
      return query.execute();
    },
    insertFaq(values: FaqValues, trx: Executor = db) {
      return trx.insertInto('faq_entries').values(values).returningAll().executeTakeFirstOrThrow();
    },
    updateFaq(id: string, values: FaqValues & { updated_at: Date }, trx: Executor = db) {
      return trx
        .updateTable('faq_entries')
        .set(values)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },
    deleteFaq(id: string, trx: Executor = db) {
      return trx.deleteFrom('faq_entries').where('id', '=', id).returning('id').executeTakeFirst();
    },

    // ---------------------------------------------------------------- blog
    publishedPosts(trx: Executor = db) {
      return trx
        .selectFrom('blog_posts')
        .select([
          'slug',
          'title_en',
          'title_bn',
          'excerpt_en',
          'excerpt_bn',
          'cover_media_id',
          'published_at',
        ])
        .where('status', '=', 'published')
        .orderBy('published_at', 'desc')
        .execute();
    },
    publishedPost(slug: string, trx: Executor = db) {
      return trx
        .selectFrom('blog_posts')
        .selectAll()
        .where('slug', '=', slug)
        .where('status', '=', 'published')
        .executeTakeFirst();
    },
    posts(trx: Executor = db) {
      return trx
        .selectFrom('blog_posts')
        .selectAll()
        .orderBy(sql`coalesce(published_at, created_at)`, 'desc')
        .execute();
    },
    post(id: string, trx: Executor = db) {
      return trx.selectFrom('blog_posts').selectAll().where('id', '=', id).executeTakeFirst();
    },
    insertPost(values: BlogValues, trx: Executor = db) {
      return trx.insertInto('blog_posts').values(values).returningAll().executeTakeFirstOrThrow();
    },
    updatePost(id: string, values: BlogValues & { updated_at: Date }, trx: Executor = db) {
      return trx.updateTable('blog_posts').set(values).where('id', '=', id).returningAll().executeTakeFirst();
    },
    deletePost(id: string, trx: Executor = db) {
      return trx.deleteFrom('blog_posts').where('id', '=', id).returning('id').executeTakeFirst();
    },

    // ---------------------------------------------------------------- media
    media(id: string, trx: Executor = db) {
      return trx.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
    },
    insertMedia(
      values: {
        storage_key: string;
        content_type: string;
        size_bytes: number;
        created_by_staff_id: string | null;
      },
      trx: Executor = db,
    ) {
      return trx.insertInto('media').values(values).returningAll().executeTakeFirstOrThrow();
    },
  };
}

export type SiteContentRepository = ReturnType<typeof createSiteContentRepository>;
