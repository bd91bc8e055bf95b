import { shopTrackingSchema } from '@dak/domain/operations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';

/**
 * GET /shops/:shopId/tracking?q=: a parcel's status and timeline by any shop's tracking ID or an
 * invoice ID of this shop; `own` holds the shop's own details, null for another shop's parcel.
 */
export function trackParcel(shopId: string, q: string, signal?: AbortSignal) {
  return apiRequest(`/shops/${encodeURIComponent(shopId)}/tracking?${new URLSearchParams({ q })}`, {
    schema: withDates(shopTrackingSchema),
    signal,
  });
}

export function trackParcelQueryOptions(shopId: string, q: string) {
  return queryOptions({
    queryKey: ['tracking', shopId, q] as const,
    queryFn: ({ signal }) => trackParcel(shopId, q, signal),
    // "Not found" is an answer, not a hiccup to retry.
    retry: false,
  });
}

/**
 * Runs once there is something to look up. The last answer does not stay while the next one
 * loads: it would show one parcel's timeline under another parcel's tracking ID.
 */
export function useTrackParcel(shopId: string, q: string | undefined) {
  return useQuery({
    ...trackParcelQueryOptions(shopId, q ?? ''),
    enabled: Boolean(q),
  });
}
