import { nidViewSchema } from '@dak/domain/nid';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';

export const nidKey = (shopId: string) => ['nid', shopId] as const;

/** GET /shops/:shopId/nid: the owner's NID verification status. */
export function getNid(shopId: string, signal?: AbortSignal) {
  return apiRequest(`/shops/${encodeURIComponent(shopId)}/nid`, { schema: withDates(nidViewSchema), signal });
}

export function nidQueryOptions(shopId: string) {
  return queryOptions({ queryKey: nidKey(shopId), queryFn: ({ signal }) => getNid(shopId, signal) });
}

export function useNid(shopId: string) {
  return useQuery(nidQueryOptions(shopId));
}
