import { type EmployeeRole, memberSchema } from '@dak/domain/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { membersKey } from './list-members';

/** PATCH /shops/:shopId/members/:userId: gives an employee the other role. */
export function changeMemberRole(input: { shopId: string; userId: string; role: EmployeeRole }) {
  return apiRequest(
    `/shops/${encodeURIComponent(input.shopId)}/members/${encodeURIComponent(input.userId)}`,
    {
      method: 'PATCH',
      body: { role: input.role },
      schema: memberSchema,
    },
  );
}

export function useChangeMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMemberRole,
    onSuccess: (_member, { shopId }) => queryClient.invalidateQueries({ queryKey: membersKey(shopId) }),
  });
}
