import { memberSchema } from '@dak/domain/shop';
import { apiRequest } from '../../../lib/api-client';
import { memberPath, useMembersChange } from './list-members';

/** DELETE /shops/:shopId/members/:userId: the employee loses access at once. */
export function removeMember(input: { shopId: string; userId: string }) {
  return apiRequest(memberPath(input.shopId, input.userId), { method: 'DELETE', schema: memberSchema });
}

export function useRemoveMember() {
  return useMembersChange(removeMember);
}
