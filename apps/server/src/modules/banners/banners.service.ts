import { randomUUID } from 'node:crypto';
import {
  type BannerAudience,
  type BannerInput,
  type BannerKind,
  type BannerStatus,
  bannerMessages,
  bannerReaches,
  bannerStatus,
  checkBannerImage,
  type MerchantType,
  type OpsBanner,
  opsBannerImagePath,
  type ShopBanner,
  type ShopBanners,
  shopBannerImagePath,
} from '@dak/domain/banners';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { Storage } from '../../lib/storage';
import { type BannerValues, createBannersRepository } from './banners.repository';

export type BannersService = ReturnType<typeof createBannersService>;

type Row = {
  id: string;
  kind: BannerKind;
  audience: BannerAudience;
  merchant_types: string[];
  starts_at: Date;
  ends_at: Date;
  ended_at: Date | null;
  title_en: string;
  title_bn: string;
  body_en: string;
  body_bn: string;
  link: string | null;
  image_content_type: string | null;
  created_at: Date;
  updated_at: Date;
};

const notFound = () => new AppError('NOT_FOUND', bannerMessages.notFound);

const values = (input: BannerInput): BannerValues => ({
  kind: input.kind,
  audience: input.audience,
  merchant_types: input.merchantTypes,
  starts_at: input.startsAt,
  ends_at: input.endsAt,
  title_en: input.titleEn,
  title_bn: input.titleBn,
  body_en: input.bodyEn,
  body_bn: input.bodyBn,
  link: input.link,
});

const text = (row: Row) => ({
  id: row.id,
  kind: row.kind,
  titleEn: row.title_en,
  titleBn: row.title_bn,
  bodyEn: row.body_en,
  bodyBn: row.body_bn,
  link: row.link,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
});

/**
 * Campaign banners (issue 14, item 4): staff write them; the panel reads the live ones meant for
 * a shop. "Only one header banner is kept": writing a header banner (new, or an open banner made a
 * header) ends every other open header banner in the same transaction, serialised by a lock.
 */
export function createBannersService(deps: { db: Kysely<DB>; clock: Clock; storage: Storage }) {
  const { db, clock, storage } = deps;
  const repo = createBannersRepository(db);

  const toOps = (row: Row & { shop_ids: string[] }, now: Date): OpsBanner => ({
    ...text(row),
    audience: row.audience,
    merchantTypes: row.merchant_types as MerchantType[],
    shopIds: row.shop_ids,
    endedAt: row.ended_at,
    status: bannerStatus({ startsAt: row.starts_at, endsAt: row.ends_at, endedAt: row.ended_at }, now),
    imageUrl: row.image_content_type ? opsBannerImagePath(row.id) : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
  const toShop = (row: Row, shopId: string): ShopBanner => ({
    ...text(row),
    imageUrl: row.image_content_type ? shopBannerImagePath(shopId, row.id) : null,
  });

  async function checkShops(trx: Parameters<typeof repo.existingShops>[0], shopIds: readonly string[]) {
    const found = new Set(await repo.existingShops(trx, shopIds));
    const missing = shopIds.findIndex((id) => !found.has(id));
    if (missing >= 0) {
      throw new AppError('VALIDATION_FAILED', bannerMessages.shopNotFound, {
        field: 'shopIds',
        shopId: shopIds[missing],
      });
    }
  }

  async function opsOne(id: string) {
    const row = await repo.one(id);
    if (!row) throw notFound();
    return toOps(row, clock.now());
  }

  /** Loads the live banners (or the one `id`) for the shop and user, with the audience applied. */
  async function reaching(q: { shopId: string; userId: string; id?: string }) {
    const now = clock.now();
    const [shop, rows] = await Promise.all([repo.merchantTypeOf(q.shopId), repo.forShop({ ...q, now })]);
    const merchantType = shop.merchant_type as MerchantType;
    return rows.filter((row) =>
      bannerReaches(
        {
          audience: row.audience,
          merchantTypes: row.merchant_types,
          shopListed: Boolean(row.shop_listed),
        },
        { merchantType },
      ),
    );
  }

  /** One banner for this shop: refused alike when missing or meant for other shops. */
  async function shopOne(q: { shopId: string; userId: string; id: string }) {
    const [row] = await reaching(q);
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(filter: { kind?: BannerKind; status?: BannerStatus }) {
      const now = clock.now();
      const items = (await repo.list({ kind: filter.kind }))
        .map((row) => toOps(row, now))
        .filter((b) => !filter.status || b.status === filter.status);
      return { items, count: items.length };
    },

    get: opsOne,

    async create(input: BannerInput, staffId: string) {
      const now = clock.now();
      const id = await db.transaction().execute(async (trx) => {
        await checkShops(trx, input.shopIds);
        if (input.kind === 'header') {
          await repo.lockHeaders(trx);
          await repo.endOtherHeaders(trx, now, null);
        }
        const row = await repo.insert(trx, { ...values(input), created_by_staff_id: staffId, at: now });
        await repo.replaceShops(trx, row.id, input.shopIds);
        return row.id;
      });
      return opsOne(id);
    },

    /** Changes every field of an open banner; an ended one stays as it was (409). */
    async update(id: string, input: BannerInput) {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        if (input.kind === 'header') await repo.lockHeaders(trx);
        const current = await repo.lockOne(trx, id);
        if (!current) throw notFound();
        if (current.ended_at) throw new AppError('CONFLICT', bannerMessages.ended);
        await checkShops(trx, input.shopIds);
        if (input.kind === 'header') await repo.endOtherHeaders(trx, now, id);
        await repo.update(trx, id, { ...values(input), at: now });
        await repo.replaceShops(trx, id, input.shopIds);
      });
      return opsOne(id);
    },

    /** Ends a banner now, for good (ending an ended one changes nothing). */
    async end(id: string) {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const current = await repo.lockOne(trx, id);
        if (!current) throw notFound();
        if (!current.ended_at) await repo.end(trx, id, now);
      });
      return opsOne(id);
    },

    /**
     * Stores a banner's image: checked by its bytes before anything is written; the bytes are
     * written before the row points at them, and removed again if it cannot; the old image goes.
     */
    async setImage(id: string, upload: { bytes: Uint8Array | undefined; tooLarge: boolean }) {
      const check = checkBannerImage(upload.bytes, upload.tooLarge);
      if (!check.ok) {
        const code = {
          required: 'FILE_REQUIRED',
          tooLarge: 'FILE_TOO_LARGE',
          type: 'FILE_TYPE_NOT_ALLOWED',
          corrupt: 'FILE_CORRUPT',
        } as const;
        throw new AppError(code[check.problem], check.message, { field: 'file' });
      }
      const bytes = upload.bytes as Uint8Array;
      const key = `banners/${randomUUID()}.${check.extension}`;
      const now = clock.now();
      let previous: string | null = null;
      await storage.put(key, bytes, check.contentType);
      try {
        await db.transaction().execute(async (trx) => {
          const current = await repo.lockOne(trx, id);
          if (!current) throw notFound();
          if (current.ended_at) throw new AppError('CONFLICT', bannerMessages.ended);
          previous = current.image_storage_key;
          await repo.setImage(trx, id, { key, contentType: check.contentType, size: bytes.length, at: now });
        });
      } catch (error) {
        await storage.delete(key);
        throw error;
      }
      if (previous) await storage.delete(previous);
      return opsOne(id);
    },

    /** A banner's image for the console. */
    async opsImage(id: string) {
      return imageOf(id);
    },

    // ---------------------------------------------------------------- the merchant panel

    /** The live banners for this shop and user now (popups the user was shown are left out). */
    async live(q: { shopId: string; userId: string }): Promise<ShopBanners> {
      const rows = await reaching(q);
      const header = rows.filter((r) => r.kind === 'header').at(-1);
      return {
        header: header ? toShop(header, q.shopId) : null,
        popups: rows.filter((r) => r.kind === 'popup' && !r.seen).map((r) => toShop(r, q.shopId)),
        whatsNew: rows
          .filter((r) => r.kind === 'whats_new')
          .reverse()
          .map((r) => toShop(r, q.shopId)),
      };
    },

    /** The spec's GET …/campaigns/banners/{id}: any banner meant for this shop, live or not. */
    async shopBanner(q: { shopId: string; userId: string; id: string }) {
      return toShop(await shopOne(q), q.shopId);
    },

    /** The user was shown the popup: recorded once (a second call changes nothing). */
    async markSeen(q: { shopId: string; userId: string; id: string }) {
      const row = await shopOne(q);
      if (row.kind !== 'popup') throw notFound();
      await repo.markSeen(row.id, q.userId, clock.now());
      return { ok: true as const };
    },

    async shopImage(q: { shopId: string; userId: string; id: string }) {
      await shopOne(q);
      return imageOf(q.id);
    },
  };

  async function imageOf(id: string) {
    const row = await repo.image(id);
    if (!row?.image_storage_key) throw new AppError('NOT_FOUND', 'Image not found');
    const file = await storage.get(row.image_storage_key);
    if (!file) throw new AppError('NOT_FOUND', 'Image not found');
    return { bytes: file.bytes, contentType: row.image_content_type ?? file.contentType };
  }
}
