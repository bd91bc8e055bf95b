import { type ParcelDetail, type ParcelListQuery, parcelMessages } from '@dak/domain/parcel';
import { parcelListCountCap } from '@dak/domain/parcel-list';
import { parcelStatusGroups, statusGroupOf } from '@dak/domain/parcel-status';
import { normalizePhone } from '@dak/domain/phone';
import { normalizeTrackingId } from '@dak/domain/tracking-id';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import { pageOf } from '../../lib/paging';
import { toEvent, toParcel } from './parcel-shapes';
import type { ParcelListFilter, ParcelsRepository } from './parcels.repository';

const dhakaDayStart = (date: string) => new Date(`${date}T00:00:00+06:00`);
const isDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);

/** What `q` can mean: a tracking ID, a phone in any spelling, or an invoice ID or part of a name. */
function searchOf(q: string | undefined): ParcelListFilter['search'] {
  const text = q?.trim();
  if (!text) return undefined;
  const trackingId = normalizeTrackingId(text);
  if (trackingId) return { trackingId };
  const phone = normalizePhone(text);
  if (phone) return { phone };
  const digits = text.replace(/[\s+-]/g, '');
  const phoneDigits = /^\d{5,}$/.test(digits) ? digits.replace(/^(?:880|0)/, '') : undefined;
  return { text, phoneDigits };
}

/** The statuses a list query asks for: undefined for all, empty when its filters exclude each other. */
function statusesOf(query: ParcelListQuery) {
  const statuses = query.status
    ? query.statusGroup && statusGroupOf(query.status) !== query.statusGroup
      ? []
      : [query.status]
    : query.statusGroup
      ? parcelStatusGroups[query.statusGroup]
      : undefined;
  if (query.excludeStatus && statuses?.every((status) => status === query.excludeStatus)) return [];
  return statuses;
}

/**
 * A parcel of the shop (another shop's id finds nothing: 404), optionally locked `for update` in
 * the caller's transaction. Every use case of the parcels module reads its parcel through this.
 */
export function parcelLoader(repo: ParcelsRepository) {
  return async function load(
    shopId: string,
    parcelId: string,
    trx?: Kysely<DB> | Transaction<DB>,
    lock = false,
  ) {
    const row = await repo.find(shopId, parcelId, trx, lock);
    if (!row) throw new AppError('NOT_FOUND', parcelMessages.notFound);
    return row;
  };
}

export type ParcelLoader = ReturnType<typeof parcelLoader>;

/** The shop's parcel list (filters, search, pages) and one parcel's detail with its timeline. */
export function createParcelQueries(deps: { repo: ParcelsRepository; load: ParcelLoader }) {
  const { repo, load } = deps;
  return {
    /**
     * A page of the shop's parcels. The count stops at the list's cap (`countCapped` says so);
     * `exactCount` counts every match (exports, whose progress is a share of the whole).
     */
    async list(shopId: string, query: ParcelListQuery, options: { exactCount?: boolean } = {}) {
      const statuses = statusesOf(query);
      if (statuses?.length === 0) return { items: [], count: 0, countCapped: false };
      const filter: ParcelListFilter = {
        shopId,
        statuses,
        excludeStatus: query.excludeStatus,
        paymentStatus: query.paymentStatus,
        deliveryAreaId: query.deliveryAreaId,
        pickupLocationId: query.pickupLocationId,
        search: searchOf(query.q),
        sort: query.sort === 'createdAt:asc' ? 'asc' : 'desc',
        limit: query.limit,
        offset: query.offset,
        countCap: options.exactCount ? null : parcelListCountCap,
      };
      // A date means the whole Dhaka day; an instant means itself.
      if (query.from)
        filter.createdFrom = isDate(query.from) ? dhakaDayStart(query.from) : new Date(query.from);
      if (query.to) {
        if (isDate(query.to)) {
          const next = dhakaDayStart(query.to);
          next.setUTCDate(next.getUTCDate() + 1);
          filter.createdBefore = next;
        } else filter.createdUntil = new Date(query.to);
      }
      const page = await repo.list(filter);
      return { ...pageOf(page, toParcel), countCapped: page.countCapped };
    },

    async get(shopId: string, parcelId: string): Promise<ParcelDetail> {
      const row = await load(shopId, parcelId);
      const [events, forward, reverse, hasProofPhoto] = await Promise.all([
        repo.events(row.id),
        repo.findForwardOf(row.id),
        row.reverse_parcel_id ? repo.findBrief(row.reverse_parcel_id) : undefined,
        repo.hasProofPhoto(row.id),
      ]);
      const other = reverse
        ? { role: 'reverse' as const, ...reverse }
        : forward
          ? { role: 'forward' as const, ...forward }
          : null;
      return {
        ...toParcel(row),
        events: events.map(toEvent),
        exchange: other
          ? { role: other.role, id: other.id, trackingId: other.tracking_id, status: other.status }
          : null,
        hasProofPhoto,
      };
    },
  };
}
