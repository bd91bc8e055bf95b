import type { TermsAcceptance } from '@dak/domain/terms';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { createTermsRepository } from './terms.repository';

export type TermsService = ReturnType<typeof createTermsService>;

type VersionRow = { version: number; body_en: string; body_bn: string; published_at: Date };
const versionView = (v: VersionRow) => ({
  version: v.version,
  bodyEn: v.body_en,
  bodyBn: v.body_bn,
  publishedAt: v.published_at,
});

/**
 * Versioned terms and conditions. The newest version is in force; a shop has accepted it when
 * someone of the shop accepted that version on the terms screen, or when the owner ticked the
 * terms box (at sign-up, or on the shop form) after it was published. A newer version therefore
 * asks again.
 */
export function createTermsService(deps: { db: Kysely<DB>; clock: Clock }) {
  const repo = createTermsRepository(deps.db);

  async function current() {
    const row = await repo.current();
    if (!row) throw new AppError('NOT_FOUND', 'No terms and conditions are published');
    return row;
  }

  async function forShop(shopId: string) {
    const [version, shop, rows] = await Promise.all([
      current(),
      repo.shopSignup(shopId),
      repo.acceptances(shopId),
    ]);
    if (!shop) throw new AppError('NOT_FOUND', 'Shop not found');
    const history: TermsAcceptance[] = rows.map((a) => ({
      version: a.version,
      acceptedAt: a.accepted_at,
      acceptedBy: { userId: a.accepted_by_user_id, name: a.display_name },
      source: 'terms_page',
    }));
    // The sign-up (or shop form) box: the later of the two ticks counts, for the version then in force.
    const ticks = [shop.shop_terms_at, shop.owner_terms_at].filter((d): d is Date => d instanceof Date);
    const signupAt = ticks.sort((a, b) => b.getTime() - a.getTime())[0];
    if (signupAt) {
      const inForce = await repo.versionAt(signupAt);
      if (inForce && !history.some((h) => h.version === inForce.version)) {
        history.push({
          version: inForce.version,
          acceptedAt: signupAt,
          acceptedBy: { userId: shop.owner_id, name: shop.owner_name },
          source: 'signup',
        });
        history.sort((a, b) => b.acceptedAt.getTime() - a.acceptedAt.getTime());
      }
    }
    return {
      current: versionView(version),
      accepted: history.some((h) => h.version === version.version),
      history,
    };
  }

  return {
    async current() {
      return versionView(await current());
    },

    forShop,

    async accept(input: { shopId: string; userId: string; version: number; ip: string }) {
      const version = await current();
      if (input.version !== version.version) {
        throw new AppError(
          'CONFLICT',
          `Version ${input.version} is not the current terms; please read version ${version.version} and accept it`,
          { currentVersion: version.version },
        );
      }
      await repo.accept({
        shop_id: input.shopId,
        version: version.version,
        accepted_by_user_id: input.userId,
        accepted_at: deps.clock.now(),
        ip: input.ip,
      });
      return forShop(input.shopId);
    },

    async list() {
      const rows = await repo.list();
      return {
        count: rows.length,
        items: rows.map((row) => ({
          ...versionView(row),
          publishedBy:
            row.published_by_staff_id && row.published_by_name
              ? { staffId: row.published_by_staff_id, name: row.published_by_name }
              : null,
          acceptedShops: Number(row.accepted_shops ?? 0),
        })),
      };
    },

    /** A new version, in force at once: every shop is asked to accept it. */
    async publish(input: { bodyEn: string; bodyBn: string; staffId: string }) {
      try {
        const row = await repo.publish({
          body_en: input.bodyEn,
          body_bn: input.bodyBn,
          published_at: deps.clock.now(),
          published_by_staff_id: input.staffId,
        });
        return versionView(row);
      } catch (error) {
        if ((error as { code?: string }).code === '23505') {
          throw new AppError(
            'CONFLICT',
            'Another version was published at the same moment; reload and try again',
          );
        }
        throw error;
      }
    },
  };
}
