import { randomUUID } from 'node:crypto';
import { messages } from '@dak/domain/errors';
import { checkImage } from '@dak/domain/nid';
import {
  type BlogPostInput,
  type BoothInput,
  coverImageMaxBytes,
  type FaqInput,
  hubContact,
  hubServices,
  mediaUrl,
  type PublicBooth,
  type TruckTypeInput,
} from '@dak/domain/site-content';
import type { Kysely, Selectable } from 'kysely';
import type { BlogPostsTable, BoothsTable, DB, FaqEntriesTable, TruckTypesTable } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { Storage } from '../../lib/storage';
import { createSiteContentRepository } from './site-content.repository';

export type SiteContentService = ReturnType<typeof createSiteContentService>;

type BoothRow = Selectable<BoothsTable>;
type TruckRow = Selectable<TruckTypesTable>;
type FaqRow = Selectable<FaqEntriesTable>;
type PostRow = Selectable<BlogPostsTable>;

const coverUrl = (mediaId: string | null) => (mediaId ? mediaUrl(mediaId) : null);
const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

const boothView = (b: BoothRow) => ({
  id: b.id,
  nameEn: b.name_en,
  nameBn: b.name_bn,
  addressEn: b.address_en,
  addressBn: b.address_bn,
  districtId: b.district_id,
  areaId: b.area_id,
  phone: b.phone,
  hoursEn: b.hours_en,
  hoursBn: b.hours_bn,
  services: b.services,
  active: b.active,
  updatedAt: b.updated_at,
});

const truckView = (t: TruckRow) => ({
  id: t.id,
  nameEn: t.name_en,
  nameBn: t.name_bn,
  capacityKg: t.capacity_kg,
  lengthFeet: t.length_feet,
  descriptionEn: t.description_en,
  descriptionBn: t.description_bn,
  indicativePriceTaka: t.indicative_price_taka,
  priceUnit: t.price_unit,
  position: t.position,
  active: t.active,
});

const faqView = (f: FaqRow) => ({
  id: f.id,
  questionEn: f.question_en,
  questionBn: f.question_bn,
  answerEn: f.answer_en,
  answerBn: f.answer_bn,
  category: f.category,
  position: f.position,
});

const postView = (p: PostRow) => ({
  id: p.id,
  slug: p.slug,
  titleEn: p.title_en,
  titleBn: p.title_bn,
  excerptEn: p.excerpt_en,
  excerptBn: p.excerpt_bn,
  bodyEn: p.body_en,
  bodyBn: p.body_bn,
  coverMediaId: p.cover_media_id,
  coverImageUrl: coverUrl(p.cover_media_id),
  status: p.status,
  publishedAt: p.published_at,
  updatedAt: p.updated_at,
});

/**
 * The public site's content (issue 6): what visitors read (published FAQ and posts, active booths,
 * hubs and truck types) and what staff write in the console. Blog covers are images checked by
 * their bytes before anything is stored.
 */
export function createSiteContentService(deps: { db: Kysely<DB>; clock: Clock; storage: Storage }) {
  const repo = createSiteContentRepository(deps.db);
  const { clock, storage } = deps;

  /** The district must exist, and a chosen area must lie in it. */
  async function checkPlace(input: { districtId: string; areaId?: string | null }) {
    if (!(await repo.districtExists(input.districtId))) {
      throw new AppError('VALIDATION_FAILED', 'Choose a district', { field: 'districtId' });
    }
    if (input.areaId) {
      const area = await repo.areaOf(input.areaId);
      if (!area || area.district_id !== input.districtId) {
        throw new AppError('VALIDATION_FAILED', 'Choose an area of the chosen district', { field: 'areaId' });
      }
    }
  }

  const boothValues = (input: BoothInput) => ({
    name_en: input.nameEn,
    name_bn: input.nameBn,
    address_en: input.addressEn,
    address_bn: input.addressBn,
    district_id: input.districtId,
    area_id: input.areaId || null,
    phone: input.phone,
    hours_en: input.hoursEn,
    hours_bn: input.hoursBn,
    services: input.services,
    active: input.active,
  });

  const truckValues = (input: TruckTypeInput) => ({
    name_en: input.nameEn,
    name_bn: input.nameBn,
    capacity_kg: input.capacityKg,
    length_feet: input.lengthFeet,
    description_en: input.descriptionEn,
    description_bn: input.descriptionBn,
    indicative_price_taka: input.indicativePriceTaka,
    price_unit: input.priceUnit,
    position: input.position,
    active: input.active,
  });

  const faqValues = (input: FaqInput) => ({
    question_en: input.questionEn,
    question_bn: input.questionBn,
    answer_en: input.answerEn,
    answer_bn: input.answerBn,
    category: input.category,
    position: input.position,
    status: input.status,
  });

  async function checkCover(mediaId: string | null | undefined) {
    if (mediaId && !(await repo.media(mediaId))) {
      throw new AppError('VALIDATION_FAILED', 'Upload the cover image again', { field: 'coverMediaId' });
    }
  }

  /** A post's columns; `published_at` is set on the first publish and kept after. */
  const postValues = (input: BlogPostInput, previous: Date | null) => ({
    slug: input.slug,
    title_en: input.titleEn,
    title_bn: input.titleBn,
    excerpt_en: input.excerptEn,
    excerpt_bn: input.excerptBn,
    body_en: input.bodyEn,
    body_bn: input.bodyBn,
    cover_media_id: input.coverMediaId ?? null,
    status: input.status,
    published_at: previous ?? (input.status === 'published' ? clock.now() : null),
  });

  const slugTaken = () => new AppError('CONFLICT', 'Another post already uses this slug', { field: 'slug' });

  const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);

  return {
    // ---------------------------------------------------------------- public
    /** Booths (sales points) and the hubs (every hub also takes parcels in), booths first. */
    async publicBooths(filter: { districtId?: string; areaId?: string; q?: string }) {
      const [booths, hubs] = await Promise.all([repo.publicBooths(filter), repo.publicHubs(filter)]);
      const items: PublicBooth[] = [
        ...booths.map((b) => ({
          id: b.id,
          kind: 'booth' as const,
          name: b.name_en,
          nameBn: b.name_bn,
          address: b.address_en,
          addressBn: b.address_bn,
          districtId: b.district_id,
          areaId: b.area_id,
          phone: b.phone,
          hours: b.hours_en,
          hoursBn: b.hours_bn,
          services: b.services,
        })),
        ...hubs.map((h) => ({
          id: h.id,
          kind: 'hub' as const,
          name: h.name_en,
          nameBn: h.name_bn,
          address: h.address ?? `${h.name_en}, ${h.district_en}`,
          addressBn: `${h.name_bn}, ${h.district_bn}`,
          districtId: h.district_id,
          areaId: null,
          phone: hubContact.phone,
          hours: hubContact.hoursEn,
          hoursBn: hubContact.hoursBn,
          services: [...hubServices],
        })),
      ];
      return { items };
    },

    async publicTruckTypes() {
      const rows = await repo.truckTypes(true);
      return {
        items: rows.map((t) => ({
          id: t.id,
          name: t.name_en,
          nameBn: t.name_bn,
          capacityKg: t.capacity_kg,
          lengthFeet: t.length_feet,
          description: t.description_en,
          descriptionBn: t.description_bn,
          indicativePriceTaka: t.indicative_price_taka,
          priceUnit: t.price_unit,
        })),
      };
    },

    async publicFaq() {
      return { items: (await repo.faq(true)).map(faqView) };
    },

    async publicBlog() {
      const rows = await repo.publishedPosts();
      return {
        items: rows.map((p) => ({
          slug: p.slug,
          titleEn: p.title_en,
          titleBn: p.title_bn,
          excerptEn: p.excerpt_en,
          excerptBn: p.excerpt_bn,
          coverImageUrl: coverUrl(p.cover_media_id),
          // Published rows always have the date (a check constraint).
          publishedAt: p.published_at ?? new Date(0),
        })),
      };
    },

    /** A published post; a draft is as unknown as a missing one. */
    async publicPost(slug: string) {
      const p = await repo.publishedPost(slug);
      if (!p?.published_at) throw notFound('Post');
      return {
        slug: p.slug,
        titleEn: p.title_en,
        titleBn: p.title_bn,
        bodyEn: p.body_en,
        bodyBn: p.body_bn,
        coverImageUrl: coverUrl(p.cover_media_id),
        publishedAt: p.published_at,
      };
    },

    async media(id: string) {
      const row = await repo.media(id);
      const file = row ? await storage.get(row.storage_key) : null;
      if (!row || !file) throw notFound('Image');
      return { bytes: file.bytes, contentType: row.content_type };
    },

    // ---------------------------------------------------------------- booths (staff)
    async listBooths() {
      const rows = await repo.listBooths();
      return { items: rows.map(boothView), count: rows.length };
    },
    async createBooth(input: BoothInput) {
      await checkPlace(input);
      return boothView(await repo.insertBooth(boothValues(input)));
    },
    async updateBooth(id: string, input: BoothInput) {
      await checkPlace(input);
      const row = await repo.updateBooth(id, { ...boothValues(input), updated_at: clock.now() });
      if (!row) throw notFound('Booth');
      return boothView(row);
    },
    async deleteBooth(id: string) {
      if (!(await repo.deleteBooth(id))) throw notFound('Booth');
      return { ok: true as const };
    },

    // ---------------------------------------------------------------- truck types (staff)
    async listTruckTypes() {
      const rows = await repo.truckTypes(false);
      return { items: rows.map(truckView), count: rows.length };
    },
    async createTruckType(input: TruckTypeInput) {
      return truckView(await repo.insertTruckType(truckValues(input)));
    },
    async updateTruckType(id: string, input: TruckTypeInput) {
      const row = await repo.updateTruckType(id, { ...truckValues(input), updated_at: clock.now() });
      if (!row) throw notFound('Truck type');
      return truckView(row);
    },
    async deleteTruckType(id: string) {
      if (!(await repo.deleteTruckType(id))) throw notFound('Truck type');
      return { ok: true as const };
    },

    // ---------------------------------------------------------------- FAQ (staff)
    async listFaq() {
      const rows = await repo.faq(false);
      return {
        items: rows.map((f) => ({ ...faqView(f), status: f.status, updatedAt: f.updated_at })),
        count: rows.length,
      };
    },
    async createFaq(input: FaqInput) {
      const f = await repo.insertFaq(faqValues(input));
      return { ...faqView(f), status: f.status, updatedAt: f.updated_at };
    },
    async updateFaq(id: string, input: FaqInput) {
      const f = await repo.updateFaq(id, { ...faqValues(input), updated_at: clock.now() });
      if (!f) throw notFound('FAQ entry');
      return { ...faqView(f), status: f.status, updatedAt: f.updated_at };
    },
    async deleteFaq(id: string) {
      if (!(await repo.deleteFaq(id))) throw notFound('FAQ entry');
      return { ok: true as const };
    },

    // ---------------------------------------------------------------- blog (staff)
    async listPosts() {
      const rows = await repo.posts();
      return { items: rows.map(postView), count: rows.length };
    },
    async post(id: string) {
      const row = await repo.post(id);
      if (!row) throw notFound('Post');
      return postView(row);
    },
    async createPost(input: BlogPostInput) {
      await checkCover(input.coverMediaId);
      try {
        return postView(await repo.insertPost(postValues(input, null)));
      } catch (error) {
        if (isUniqueViolation(error)) throw slugTaken();
        throw error;
      }
    },
    async updatePost(id: string, input: BlogPostInput) {
      const existing = await repo.post(id);
      if (!existing) throw notFound('Post');
      await checkCover(input.coverMediaId);
      try {
        const row = await repo.updatePost(id, {
          ...postValues(input, existing.published_at),
          updated_at: clock.now(),
        });
        if (!row) throw notFound('Post');
        return postView(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw slugTaken();
        throw error;
      }
    },
    async deletePost(id: string) {
      if (!(await repo.deletePost(id))) throw notFound('Post');
      return { ok: true as const };
    },

    /**
     * Stores an uploaded image: JPEG, PNG or WebP by its bytes, at most 2 MB; the bytes are
     * written before the row, and removed again if the row cannot be written.
     */
    async uploadImage(input: { bytes: Uint8Array | undefined; tooLarge: boolean; staffId: string }) {
      if (!input.bytes || (input.bytes.length === 0 && !input.tooLarge)) {
        throw new AppError('FILE_REQUIRED', messages.fileRequired, { field: 'file' });
      }
      if (input.tooLarge || input.bytes.length > coverImageMaxBytes) {
        throw new AppError('FILE_TOO_LARGE', 'The image must be at most 2 MB', { field: 'file' });
      }
      const check = checkImage(input.bytes);
      if (!check.ok) {
        throw check.reason === 'type'
          ? new AppError('FILE_TYPE_NOT_ALLOWED', 'The image must be a JPEG, PNG or WebP picture', {
              field: 'file',
            })
          : new AppError('FILE_CORRUPT', 'The image is damaged or incomplete; please export it again', {
              field: 'file',
            });
      }
      const key = `media/${randomUUID()}.${check.extension}`;
      await storage.put(key, input.bytes, check.contentType);
      try {
        const row = await repo.insertMedia({
          storage_key: key,
          content_type: check.contentType,
          size_bytes: input.bytes.length,
          created_by_staff_id: input.staffId,
        });
        return {
          id: row.id,
          url: mediaUrl(row.id),
          contentType: row.content_type,
          sizeBytes: row.size_bytes,
        };
      } catch (error) {
        await storage.delete(key);
        throw error;
      }
    },
  };
}
