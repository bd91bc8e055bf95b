import { memberListSchema } from '@dak/domain/shop';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** One member of a shop, as the path of the calls that change them. */
export function memberPath(shopId: string, userId: string) {
  return `/shops/${encodeURIComponent(shopId)}/members/${encodeURIComponent(userId)}`;
}

/** A change to a shop's team: once the server has it, the member list is fetched again. */
export function useMembersChange<Input extends { shopId: string }, Result>(
  mutationFn: (input: Input) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_result, { shopId }) => queryClient.invalidateQueries({ queryKey: membersKey(shopId) }),
  });
}
