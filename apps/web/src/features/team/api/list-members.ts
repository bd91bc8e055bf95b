import { memberListSchema } from '@dak/domain/shop';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const membersKey = (shopId: string) => ['members', shopId] as const;

/** GET /shops/:shopId/members: the owner, then employees; removed ones last. */
export function listMembers(shopId: string, signal?: AbortSignal) {
  return apiRequest(`/shops/${encodeURIComponent(shopId)}/members`, { schema: memberListSchema, signal });
}

export function membersQueryOptions(shopId: string) {
  return queryOptions({ queryKey: membersKey(shopId), queryFn: ({ signal }) => listMembers(shopId, signal) });
}

export function useMembers(shopId: string) {
  return useQuery(membersQueryOptions(shopId));
}
