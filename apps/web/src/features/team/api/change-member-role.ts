import { type EmployeeRole, memberSchema } from '@dak/domain/shop';
import { apiRequest } from '../../../lib/api-client';
import { memberPath, useMembersChange } from './list-members';

/** PATCH /shops/:shopId/members/:userId: gives an employee the other role. */
export function changeMemberRole(input: { shopId: string; userId: string; role: EmployeeRole }) {
  return apiRequest(memberPath(input.shopId, input.userId), {
    method: 'PATCH',
    body: { role: input.role },
    schema: memberSchema,
  });
}

export function useChangeMemberRole() {
  return useMembersChange(changeMemberRole);
}
