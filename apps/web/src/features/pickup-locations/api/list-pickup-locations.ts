import { type PickupStatus, pickupLocationListSchema } from '@dak/domain/shop';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type PickupFilter = { status?: PickupStatus; q?: string };

export const pickupLocationsKey = (shopId: string) => ['pickup-locations', shopId] as const;

/** GET /shops/:shopId/pickup-locations: newest first, by status and a name search. */
export function listPickupLocations(shopId: string, filter: PickupFilter, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: '100' });
  if (filter.status) query.set('status', filter.status);
  if (filter.q) query.set('q', filter.q);
  return apiRequest(`/shops/${encodeURIComponent(shopId)}/pickup-locations?${query.toString()}`, {
    schema: pickupLocationListSchema,
    signal,
  });
}

export function pickupLocationsQueryOptions(shopId: string, filter: PickupFilter) {
  return queryOptions({
    queryKey: [...pickupLocationsKey(shopId), filter] as const,
    queryFn: ({ signal }) => listPickupLocations(shopId, filter, signal),
  });
}

export function usePickupLocations(shopId: string, filter: PickupFilter) {
  // The list stays on screen while a new filter or search loads.
  return useQuery({ ...pickupLocationsQueryOptions(shopId, filter), placeholderData: keepPreviousData });
}
