import { opsShopListSchema } from '@dak/domain/ops';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';

export type OpsShopList = ReturnType<typeof opsShopListSchema.parse>;
export type OpsShopListItem = OpsShopList['items'][number];
export type OpsShopQuery = { q: string; limit: number; offset: number };

const schema = withDates(opsShopListSchema);

/** GET /ops/shops: shops found by name, owner phone or id, newest first, with their owner. */
export function listOpsShops(query: OpsShopQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  if (query.q.trim() !== '') params.set('q', query.q.trim());
  return apiRequest(`/ops/shops?${params}`, { schema, signal });
}

export function opsShopsQueryOptions(query: OpsShopQuery) {
  return queryOptions({
    queryKey: ['ops', 'shops', 'list', query] as const,
    queryFn: ({ signal }) => listOpsShops(query, signal),
    // The table keeps the page it shows while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useOpsShops(query: OpsShopQuery) {
  return useQuery(opsShopsQueryOptions(query));
}
