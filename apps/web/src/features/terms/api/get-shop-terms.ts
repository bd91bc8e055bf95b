import { shopTermsSchema } from '@dak/domain/terms';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';
import { staleTimes } from '../../../lib/query-client';

export const shopTermsKey = (shopId: string) => ['terms', shopId] as const;

/** GET /shops/:shopId/terms: the terms in force, whether this shop accepted them, the history. */
export function getShopTerms(shopId: string, signal?: AbortSignal) {
  return apiRequest(`/shops/${encodeURIComponent(shopId)}/terms`, {
    schema: withDates(shopTermsSchema),
    signal,
  });
}

export function shopTermsQueryOptions(shopId: string) {
  return queryOptions({
    queryKey: shopTermsKey(shopId),
    queryFn: ({ signal }) => getShopTerms(shopId, signal),
    // A shop config: 5 minutes (spec 9).
    staleTime: staleTimes.shopConfig,
  });
}

export function useShopTerms(shopId: string) {
  return useQuery(shopTermsQueryOptions(shopId));
}
