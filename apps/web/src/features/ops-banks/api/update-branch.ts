import { opsBranchSchema } from '@dak/domain/banks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type OpsBranchList, opsBranchesKey } from './list-ops-branches';

export type OpsBranchUpdate = { branchId: number; active: boolean };

/** PATCH /ops/branches/:branchId: an inactive branch is no longer offered to merchants. */
export function updateBranch({ branchId, active }: OpsBranchUpdate) {
  return apiRequest(`/ops/branches/${branchId}`, {
    method: 'PATCH',
    body: { active },
    schema: opsBranchSchema,
  });
}

export function useUpdateBranch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBranch,
    onSuccess: (branch) => {
      // The row changes at once; lists filtered by "active" are refetched to drop or gain it.
      queryClient.setQueriesData<OpsBranchList>({ queryKey: opsBranchesKey }, (list) =>
        list ? { ...list, items: list.items.map((b) => (b.id === branch.id ? branch : b)) } : list,
      );
      void queryClient.invalidateQueries({ queryKey: opsBranchesKey });
    },
  });
}
