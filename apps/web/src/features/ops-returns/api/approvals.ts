import {
  type ApprovalDecision,
  type ApprovalStatus,
  approvalBulkResultSchema,
  approvalListSchema,
  approvalSchema,
} from '@dak/domain/returns';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';

export type ApprovalItem = z.infer<typeof approvalSchema>;
export type ApprovalQuery = { status: ApprovalStatus; q: string; limit: number; offset: number };

export const approvalsKey = ['ops', 'approvals'] as const;

/** GET /ops/approvals: reattempt requests by status (waiting ones oldest first). */
export function listApprovals(query: ApprovalQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({
    status: query.status,
    limit: String(query.limit),
    offset: String(query.offset),
  });
  if (query.q) params.set('q', query.q);
  return apiRequest(`/ops/approvals?${params}`, { schema: withDates(approvalListSchema), signal });
}

export function useApprovals(query: ApprovalQuery) {
  return useQuery({
    ...queryOptions({
      queryKey: [...approvalsKey, query] as const,
      queryFn: ({ signal }) => listApprovals(query, signal),
    }),
    placeholderData: keepPreviousData,
  });
}

/** PATCH /ops/approvals/:id: approve (another attempt) or reject (return). */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ApprovalDecision & { id: string }) =>
      apiRequest(`/ops/approvals/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body,
        schema: withDates(approvalSchema),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalsKey }),
  });
}

/** PUT /ops/approvals/bulk: the same decision for many; each answered on its own. */
export function useDecideApprovals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApprovalDecision & { ids: string[] }) =>
      apiRequest('/ops/approvals/bulk', { method: 'PUT', body, schema: approvalBulkResultSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalsKey }),
  });
}
