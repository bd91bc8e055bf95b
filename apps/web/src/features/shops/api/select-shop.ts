import { shopPermissionsSchema } from '@dak/domain/shop';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const shopAccessQueryKey = (shopId: string) => ['shop-access', shopId] as const;

/**
 * POST /shops/:shopId/select: makes the shop my current one and answers my role and permissions
 * in it. Read as a query: it is how the panel loads the permissions of the selected shop.
 */
export function selectShop(shopId: string, signal?: AbortSignal) {
  return apiRequest(`/shops/${encodeURIComponent(shopId)}/select`, {
    method: 'POST',
    body: {},
    schema: shopPermissionsSchema,
    signal,
  });
}

export function shopAccessQueryOptions(shopId: string) {
  return queryOptions({
    queryKey: shopAccessQueryKey(shopId),
    queryFn: ({ signal }) => selectShop(shopId, signal),
    // Kept for the visit: a role changes only when the owner changes it (a refused call says so).
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useShopAccess(shopId: string | null) {
  return useQuery({
    ...shopAccessQueryOptions(shopId ?? ''),
    enabled: shopId !== null,
  });
}
