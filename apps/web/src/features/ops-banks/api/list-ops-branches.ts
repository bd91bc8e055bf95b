import { opsBranchListSchema } from '@dak/domain/banks';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type OpsBranchList = ReturnType<typeof opsBranchListSchema.parse>;
export type OpsBranch = OpsBranchList['items'][number];
export type OpsBranchQuery = {
  bankId: string;
  q: string;
  districtId: string | null;
  active: 'true' | 'false' | null;
  limit: number;
  offset: number;
};

export const opsBranchesKey = ['ops', 'branches'] as const;

/** GET /ops/banks/:bankId/branches: every branch of a bank, active or not, with its switch. */
export function listOpsBranches(query: OpsBranchQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  if (query.q.trim() !== '') params.set('q', query.q.trim());
  if (query.districtId) params.set('districtId', query.districtId);
  if (query.active) params.set('active', query.active);
  return apiRequest(`/ops/banks/${encodeURIComponent(query.bankId)}/branches?${params}`, {
    schema: opsBranchListSchema,
    signal,
  });
}

export function opsBranchesQueryOptions(query: OpsBranchQuery) {
  return queryOptions({
    queryKey: [...opsBranchesKey, query] as const,
    queryFn: ({ signal }) => listOpsBranches(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOpsBranches(query: OpsBranchQuery, options: { enabled: boolean }) {
  return useQuery({ ...opsBranchesQueryOptions(query), enabled: options.enabled });
}
