import { shopDetailSchema } from '@dak/domain/shop';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const shopQueryKey = (shopId: string) => ['shop', shopId] as const;

/** GET /shops/:shopId: the shop and its settings. */
export function getShop(shopId: string, signal?: AbortSignal) {
  return apiRequest(`/shops/${encodeURIComponent(shopId)}`, { schema: shopDetailSchema, signal });
}

export function shopQueryOptions(shopId: string) {
  return queryOptions({ queryKey: shopQueryKey(shopId), queryFn: ({ signal }) => getShop(shopId, signal) });
}

export function useShop(shopId: string) {
  return useQuery(shopQueryOptions(shopId));
}
