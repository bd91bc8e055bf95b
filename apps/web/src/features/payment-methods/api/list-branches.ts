import { branchListSchema } from '@dak/domain/banks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staleTimes } from '../../../lib/query-client';

/** GET /banks/:bankId/branches: a bank's active branches (spec 5: only active ones are listed). */
export function listBranches(bankId: string, signal?: AbortSignal) {
  return apiRequest(`/banks/${encodeURIComponent(bankId)}/branches?limit=200`, {
    schema: branchListSchema,
    auth: false,
    signal,
  });
}

export function branchesQueryOptions(bankId: string) {
  return queryOptions({
    queryKey: ['banks', bankId, 'branches'] as const,
    queryFn: ({ signal }) => listBranches(bankId, signal),
    staleTime: staleTimes.referenceData,
  });
}

export function useBranches(bankId: string | undefined) {
  return useQuery({ ...branchesQueryOptions(bankId ?? ''), enabled: Boolean(bankId) });
}
