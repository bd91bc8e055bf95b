import { parcelListSchema, type parcelSorts } from '@dak/domain/parcel';
import type { ParcelStatus, ParcelStatusGroup, PaymentStatus } from '@dak/domain/parcel-status';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';

export const parcelPageSize = 20;

export type ParcelFilter = {
  statusGroup?: ParcelStatusGroup;
  /** One status: the Failed delivery and Needs prepayment tabs. */
  status?: ParcelStatus;
  /** Held parcels left out of the other views when the user keeps them separate. */
  excludeStatus?: ParcelStatus;
  paymentStatus?: PaymentStatus;
  /** Dhaka dates, YYYY-MM-DD (whole days). */
  from?: string;
  to?: string;
  q?: string;
  offset: number;
  /** Parcels a page: the user's preference, 20 by default (spec 9). */
  limit?: number;
  sort?: (typeof parcelSorts)[number];
};

/** Every parcel query of a shop (list, detail) starts with this key. */
export const parcelsKey = (shopId: string) => ['parcels', shopId] as const;

/** GET /shops/:shopId/parcels: newest first and 20 a page unless the user chose otherwise, with the filters and the search. */
export function listParcels(shopId: string, filter: ParcelFilter, signal?: AbortSignal) {
  const query = new URLSearchParams({
    limit: String(filter.limit ?? parcelPageSize),
    offset: String(filter.offset),
  });
  for (const key of [
    'statusGroup',
    'status',
    'excludeStatus',
    'paymentStatus',
    'from',
    'to',
    'q',
    'sort',
  ] as const) {
    const value = filter[key];
    if (value) query.set(key, value);
  }
  return apiRequest(`/shops/${encodeURIComponent(shopId)}/parcels?${query.toString()}`, {
    schema: withDates(parcelListSchema),
    signal,
  });
}

export function parcelsQueryOptions(shopId: string, filter: ParcelFilter) {
  return queryOptions({
    queryKey: [...parcelsKey(shopId), 'list', filter] as const,
    queryFn: ({ signal }) => listParcels(shopId, filter, signal),
  });
}

export function useParcels(shopId: string, filter: ParcelFilter) {
  // The page stays on screen while the next page or filter loads.
  return useQuery({ ...parcelsQueryOptions(shopId, filter), placeholderData: keepPreviousData });
}

/** How many parcels are in one status (a tab's count): one row asked for, the count read (capped or not). */
export function useStatusCount(shopId: string, status: ParcelStatus, enabled: boolean) {
  return useQuery({
    ...parcelsQueryOptions(shopId, { status, offset: 0, limit: 1 }),
    enabled,
    select: (list) => ({ count: list.count, capped: list.countCapped }),
  });
}
