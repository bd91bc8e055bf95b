import { opsShopDetailSchema } from '@dak/domain/ops';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';

export type OpsShopDetail = ReturnType<typeof opsShopDetailSchema.parse>;

const schema = withDates(opsShopDetailSchema);

/** GET /ops/shops/:id: a shop's people, pickup locations, payment method (masked), NID and terms. */
export function getOpsShop(shopId: string, signal?: AbortSignal) {
  return apiRequest(`/ops/shops/${encodeURIComponent(shopId)}`, { schema, signal });
}

export function opsShopQueryOptions(shopId: string) {
  return queryOptions({
    queryKey: ['ops', 'shops', 'detail', shopId] as const,
    queryFn: ({ signal }) => getOpsShop(shopId, signal),
  });
}

export function useOpsShop(shopId: string) {
  return useQuery(opsShopQueryOptions(shopId));
}
