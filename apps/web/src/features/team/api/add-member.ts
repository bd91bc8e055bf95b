import { type EmployeeRole, memberSchema } from '@dak/domain/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { membersKey } from './list-members';

export type AddMemberInput = { shopId: string; phone: string; role: EmployeeRole; code: string };

/** POST /shops/:shopId/members: adds the member with the code from their phone. */
export function addMember({ shopId, ...body }: AddMemberInput) {
  return apiRequest(`/shops/${encodeURIComponent(shopId)}/members`, {
    method: 'POST',
    body,
    schema: memberSchema,
  });
}

export function useAddMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMember,
    onSuccess: (_member, { shopId }) => queryClient.invalidateQueries({ queryKey: membersKey(shopId) }),
  });
}
