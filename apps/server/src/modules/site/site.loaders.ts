import { checkWeight, gramsFromKgText, weightLimits } from '@dak/domain/pricing-rules';
import type {
  AreaRef,
  BlogPost,
  BlogSummary,
  Booth,
  FaqItem,
  SitePage,
  Tracking,
  TruckType,
} from '@dak/domain/public-site';
import { AppError } from '../../errors';
import type { CoverageService } from '../coverage/coverage.service';
import type { GeoService } from '../geo/geo.service';
import type { PricingService } from '../pricing/pricing.service';

/**
 * A GET of our own API in process (Fastify's inject): same validation, same contract, and the
 * visitor's address, so per-IP limits (tracking) count the visitor, not the server.
 */
export type ApiGet = (url: string, ip?: string) => Promise<{ status: number; body: unknown }>;

type Query = Record<string, string | undefined>;
const text = (value: string | undefined, max = 100) => (value ?? '').trim().slice(0, max);

/**
 * What each public page shows, loaded on the server. Our own data (geography, prices, coverage)
 * comes from the services; content owned by other modules (tracking, booths, trucks, FAQ, blog)
 * through their public API routes in process, so the page reads exactly what a browser would;
 * a failed read gives the page its empty state, not an error page.
 */
export function createSiteLoaders(deps: {
  geo: GeoService;
  pricing: PricingService;
  coverage: CoverageService;
  api: ApiGet;
}) {
  const { geo, pricing, coverage, api } = deps;

  /** The list's items; none when the route refuses or fails (the page shows its empty state). */
  async function items<T>(url: string): Promise<T[]> {
    const res = await api(url);
    if (res.status !== 200) return [];
    return (res.body as { items: T[] }).items;
  }

  async function areaRefs(ids: string[]): Promise<Map<string, AreaRef>> {
    const [areas, districts] = await Promise.all([geo.findAreas(ids), geo.listDistricts()]);
    const districtById = new Map(districts.items.map((d) => [d.id, d]));
    const refs = new Map<string, AreaRef>();
    for (const area of areas.values()) {
      const district = districtById.get(area.districtId);
      refs.set(area.id, {
        id: area.id,
        nameEn: area.nameEn,
        nameBn: area.nameBn,
        districtNameEn: district?.nameEn ?? '',
        districtNameBn: district?.nameBn ?? '',
      });
    }
    return refs;
  }

  return {
    plan: () => pricing.defaultPlanView(),

    /** The calculator as a shared or language-switched link left it: ?w=1.2&price=500&from=…&to=… */
    async home(query: Query, ip: string): Promise<SitePage> {
      const weight = text(query.w, 10);
      const price = text(query.price, 10);
      const fromId = text(query.from);
      const toId = text(query.to);
      const refs = fromId || toId ? await areaRefs([fromId, toId].filter(Boolean)) : new Map();
      const pickup = refs.get(fromId) ?? null;
      const delivery = refs.get(toId) ?? null;
      const calc = { weight, price, pickup, delivery, quote: null, error: null };
      if (!pickup || !delivery || !weight) return { name: 'home', calc };
      const grams = gramsFromKgText(weight);
      if (Number.isNaN(grams) || checkWeight(grams, weightLimits.calculatorMaxGrams))
        return { name: 'home', calc };
      try {
        const quote = await pricing.quotePublic({
          pickupAreaId: pickup.id,
          deliveryAreaId: delivery.id,
          weight: grams,
          cash: /^(0|[1-9]\d{0,6})$/.test(price) ? Number(price) : 0,
          exchange: false,
          ip,
        });
        return { name: 'home', calc: { ...calc, quote } };
      } catch (error) {
        if (error instanceof AppError) {
          return { name: 'home', calc: { ...calc, error: { code: error.code, message: error.message } } };
        }
        throw error;
      }
    },

    async track(trackingId: string, ip?: string): Promise<SitePage & { name: 'track' }> {
      const id = text(trackingId, 40).toUpperCase();
      const res = await api(`/api/v1/tracking/${encodeURIComponent(id)}`, ip);
      return {
        name: 'track',
        trackingId: id,
        tracking: res.status === 200 ? (res.body as Tracking) : null,
        rateLimited: res.status === 429,
      };
    },

    async coverage(query: Query, ip: string): Promise<SitePage> {
      const q = text(query.q);
      const fromText = text(query.from);
      const summary = await coverage.summary();
      if (!q) return { name: 'coverage', summary, q, fromText, from: null, hits: null };
      // The pickup area typed as text: its best match, as the calculator's picker would offer first.
      const fromHit = fromText ? (await geo.searchAreas({ q: fromText, limit: 1 })).items[0] : undefined;
      const result = await coverage.search({ q, fromAreaId: fromHit?.id, limit: 10, ip });
      return { name: 'coverage', summary, q, fromText, from: result.from, hits: result.items };
    },

    /** Booths and hubs by district, then by area (the booths there and the hub serving it). */
    async courier(query: Query): Promise<SitePage> {
      const districts = await geo.listDistricts();
      const districtId = districts.items.some((d) => d.id === query.districtId)
        ? (query.districtId ?? '')
        : '';
      const areas = districtId ? (await geo.listAreas(districtId)).items : [];
      const areaId = areas.some((a) => a.id === query.areaId) ? (query.areaId ?? '') : '';
      const q = text(query.q);
      const params = new URLSearchParams();
      if (districtId) params.set('districtId', districtId);
      if (areaId) params.set('areaId', areaId);
      if (q) params.set('q', q);
      const found = await items<Booth>(`/api/v1/public/booths?${params}`);
      // Unnarrowed, the booths only: every district's hub too would be some 80 cards on a phone.
      const booths = districtId || q ? found : found.filter((b) => b.kind === 'booth');
      const option = (d: { id: string; nameEn: string; nameBn: string }) => ({
        id: d.id,
        nameEn: d.nameEn,
        nameBn: d.nameBn,
      });
      return {
        name: 'courier',
        districts: districts.items.map(option),
        districtId,
        areas: areas.map(option).sort((a, b) => a.nameEn.localeCompare(b.nameEn)),
        areaId,
        q,
        booths,
      };
    },

    async enterprise(): Promise<SitePage> {
      return { name: 'enterprise', trucks: await items<TruckType>('/api/v1/public/truck-types') };
    },

    async faq(): Promise<SitePage> {
      return { name: 'faq', items: await items<FaqItem>('/api/v1/public/faq') };
    },

    async blog(): Promise<SitePage> {
      return { name: 'blog', posts: await items<BlogSummary>('/api/v1/public/blog') };
    },

    /** The post, or null for an unknown slug (the page is then a 404). */
    async blogPost(slug: string): Promise<(SitePage & { name: 'blog-post' }) | null> {
      const res = await api(`/api/v1/public/blog/${encodeURIComponent(text(slug, 200))}`);
      return res.status === 200 ? { name: 'blog-post', post: res.body as BlogPost } : null;
    },
  };
}

export type SiteLoaders = ReturnType<typeof createSiteLoaders>;
