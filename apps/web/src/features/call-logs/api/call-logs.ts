import { type CallOutcome, callLogListSchema } from '@dak/domain/returns';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiBase, apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';
import { ApiError } from '../../../lib/api-error';
import { authHeaders } from '../../../lib/auth-storage';

export const callPageSize = 20;
export type CallFilter = { q?: string; outcome?: CallOutcome; offset: number };
export type CallItem = z.infer<typeof callLogListSchema>['items'][number];

/** GET /shops/:shopId/call-logs: calls to the shop's customers, newest first. */
export function listCalls(shopId: string, filter: CallFilter, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(callPageSize), offset: String(filter.offset) });
  if (filter.q) query.set('q', filter.q);
  if (filter.outcome) query.set('outcome', filter.outcome);
  return apiRequest(`/shops/${encodeURIComponent(shopId)}/call-logs?${query}`, {
    schema: withDates(callLogListSchema),
    signal,
  });
}

export function useCallLogs(shopId: string, filter: CallFilter) {
  return useQuery({
    ...queryOptions({
      queryKey: ['call-logs', shopId, filter] as const,
      queryFn: ({ signal }) => listCalls(shopId, filter, signal),
    }),
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /shops/:shopId/call-logs/:id/recording: the audio. An <audio> cannot send the Bearer
 * header, so it is fetched here and played through an object URL.
 */
export async function getRecording(shopId: string, callId: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(
      `${apiBase}/shops/${encodeURIComponent(shopId)}/call-logs/${encodeURIComponent(callId)}/recording`,
      { headers: authHeaders() },
    );
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'The service cannot be reached' });
  }
  if (!response.ok) {
    let message = 'Recording not available';
    try {
      message = ((await response.json()) as { error?: { message?: string } }).error?.message ?? message;
    } catch {}
    throw new ApiError({ status: response.status, code: 'NOT_FOUND', message });
  }
  return response.blob();
}
