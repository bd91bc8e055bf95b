import { type EmployeeRole, memberSchema } from '@dak/domain/shop';
import { apiRequest } from '../../../lib/api-client';
import { useMembersChange } from './list-members';

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
  return useMembersChange(addMember);
}
