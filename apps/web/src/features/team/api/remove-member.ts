import { memberSchema } from '@dak/domain/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { membersKey } from './list-members';

/** DELETE /shops/:shopId/members/:userId: the employee loses access at once. */
export function removeMember(input: { shopId: string; userId: string }) {
  return apiRequest(
    `/shops/${encodeURIComponent(input.shopId)}/members/${encodeURIComponent(input.userId)}`,
    {
      method: 'DELETE',
      schema: memberSchema,
    },
  );
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (_member, { shopId }) => queryClient.invalidateQueries({ queryKey: membersKey(shopId) }),
  });
}
