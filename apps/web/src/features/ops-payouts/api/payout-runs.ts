import {
  type PayoutRunResult,
  payoutRunDetailSchema,
  payoutRunListSchema,
  payoutRunResultSchema,
} from '@dak/domain/money-api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBase, apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { authHeaders } from '../../../lib/auth-storage';

/** Everything finance's money screens read: a run, a mark or an upload refreshes them all. */
export const payoutsKey = ['ops', 'payouts'] as const;

/** GET /ops/payout-runs?limit&offset: the runs, newest first. */
export function usePayoutRuns(query: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...payoutsKey, 'runs', query] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/ops/payout-runs?limit=${query.limit}&offset=${query.offset}`, {
        schema: payoutRunListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /ops/payout-runs/{runId}: the run with the shops it skipped and why. */
export function usePayoutRun(runId: string | null) {
  return useQuery({
    queryKey: [...payoutsKey, 'run', runId] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/ops/payout-runs/${encodeURIComponent(runId ?? '')}`, {
        schema: payoutRunDetailSchema,
        signal,
      }),
    enabled: runId !== null,
  });
}

/** POST /ops/payout-runs {date?}: a run for the date (today in Dhaka when absent); the same date again pays nobody twice. */
export function useRunPayouts() {
  const queryClient = useQueryClient();
  return useMutation<PayoutRunResult, unknown, { date?: string }>({
    mutationFn: (body) =>
      apiRequest('/ops/payout-runs', { method: 'POST', body, schema: payoutRunResultSchema }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: payoutsKey }),
  });
}

export type RunFile = 'bank' | 'bkash';

/** The file name the server gave (Content-Disposition), else one that says which run and file. */
function fileNameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  return name ? decodeURIComponent(name) : fallback;
}

/**
 * GET /ops/payout-runs/{runId}/bank-file or /bkash-file (text/csv): through fetch, because the
 * console's cookie only counts with its header, then saved under the file's name.
 */
export async function downloadRunFile(runId: string, file: RunFile, fallbackName: string) {
  let response: Response;
  try {
    response = await fetch(`${apiBase}/ops/payout-runs/${encodeURIComponent(runId)}/${file}-file`, {
      headers: { ...authHeaders(), Accept: 'text/csv' },
    });
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'The service cannot be reached' });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as
      | { error?: { message?: string; key?: string } }
      | undefined;
    throw new ApiError({
      status: response.status,
      code: response.status === 404 ? 'NOT_FOUND' : response.status === 403 ? 'FORBIDDEN' : 'INTERNAL',
      message: body?.error?.message ?? 'Something went wrong',
      ...(body?.error?.key ? { key: body.error.key } : {}),
    });
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
