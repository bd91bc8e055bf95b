import type { nidFailSchema } from '@dak/domain/nid';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type ResponseParser } from '../../../lib/api-client';
import { nidReviewsKey } from './list-nid-reviews';

export type NidFailInput = ReturnType<typeof nidFailSchema.parse>;

// The decision's reply ({ id, status }) is declared inline on the server, not in @dak/domain;
// the console reads nothing from it (it refetches the queue), so it is not parsed here.
const ignoreBody: ResponseParser<void> = { parse: () => undefined };

/** POST /ops/nid/:id/approve: the owner's NID is verified. */
export function approveNid(id: string) {
  return apiRequest(`/ops/nid/${encodeURIComponent(id)}/approve`, {
    method: 'POST',
    body: {},
    schema: ignoreBody,
  });
}

/** POST /ops/nid/:id/fail: not verified, with the reason the merchant will read. */
export function failNid(id: string, input: NidFailInput) {
  return apiRequest(`/ops/nid/${encodeURIComponent(id)}/fail`, {
    method: 'POST',
    body: input,
    schema: ignoreBody,
  });
}

type Decision = { id: string; decision: 'approve' } | { id: string; decision: 'fail'; reason: string };

/** Approve or fail; either way every queue and shop page refreshes (someone may have been first). */
export function useDecideNid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Decision) =>
      input.decision === 'approve' ? approveNid(input.id) : failNid(input.id, { reason: input.reason }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: nidReviewsKey }),
        queryClient.invalidateQueries({ queryKey: ['ops', 'shops'] }),
      ]);
    },
  });
}
