import { dashboardSchema } from '@dak/domain/dashboard';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';

export type DashboardFilter = { since: string; until: string; pickupLocationId?: string };

export const dashboardKey = (shopId: string) => ['dashboard', shopId] as const;

/** GET /shops/:shopId/dashboard: parcels booked in the range by stage, the rates and the daily series. */
export function getDashboard(shopId: string, filter: DashboardFilter, signal?: AbortSignal) {
  const query = new URLSearchParams({ since: filter.since, until: filter.until });
  if (filter.pickupLocationId) query.set('pickupLocationId', filter.pickupLocationId);
  return apiRequest(`/shops/${encodeURIComponent(shopId)}/dashboard?${query.toString()}`, {
    // needsAction's autoReturnAt is a timestamp: revived before the schema's z.date() reads it.
    schema: withDates(dashboardSchema),
    signal,
  });
}

export function dashboardQueryOptions(shopId: string, filter: DashboardFilter) {
  return queryOptions({
    queryKey: [...dashboardKey(shopId), filter] as const,
    queryFn: ({ signal }) => getDashboard(shopId, filter, signal),
  });
}

export function useDashboard(shopId: string, filter: DashboardFilter) {
  // The last figures stay on screen while another range loads.
  return useQuery({ ...dashboardQueryOptions(shopId, filter), placeholderData: keepPreviousData });
}
