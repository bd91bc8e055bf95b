import { payoutResultsAnswerSchema } from '@dak/domain/money-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { payoutsKey } from './payout-runs';

/**
 * POST /ops/payout-results, the bank's result file as text/csv: every row is checked first and
 * one wrong row applies nothing (422 with the rows' errors).
 */
export function useUploadPayoutResults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) =>
      apiRequest('/ops/payout-results', {
        method: 'POST',
        body: csv,
        contentType: 'text/csv',
        schema: payoutResultsAnswerSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutsKey }),
  });
}

export type RowError = { row: number; message: string };

/** The rows' errors of a refused file (error.details.rows), or none when the error is of another kind. */
export function rowErrorsOf(error: unknown): RowError[] {
  if (!isApiError(error)) return [];
  const details = error.details;
  if (typeof details !== 'object' || details === null) return [];
  const rows = (details as Record<string, unknown>).rows;
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { row, message } = item as Record<string, unknown>;
    return typeof row === 'number' && typeof message === 'string' ? [{ row, message }] : [];
  });
}
