import {
  type BulkRowError,
  type BulkRowInput,
  bulkConfirmedSchema,
  bulkLogListSchema,
  bulkPreviewSchema,
} from '@dak/domain/bulk';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBase, apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';
import { ApiError } from '../../../lib/api-error';
import { authHeaders } from '../../../lib/auth-storage';
import { parcelsKey } from '../../parcels/api/list-parcels';

const base = (shopId: string) => `/shops/${encodeURIComponent(shopId)}/parcels/bulk`;
export const bulkLogsKey = (shopId: string) => ['bulk-logs', shopId] as const;
export const bulkLogPageSize = 10;

/** GET …/bulk/template: the .xlsx as a file the browser saves (the call needs the bearer token). */
export async function downloadTemplate(shopId: string): Promise<void> {
  const response = await fetch(`${apiBase}${base(shopId)}/template`, {
    headers: authHeaders(),
  }).catch(() => {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'The service cannot be reached' });
  });
  if (!response.ok) {
    throw new ApiError({ status: response.status, code: 'BAD_RESPONSE', message: 'Something went wrong' });
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'parcels_template.xlsx';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** POST …/bulk/preview with the file: the server reads it (ours, Shopify or WooCommerce) and checks every row. */
export function previewFile(input: { shopId: string; file: File }) {
  const form = new FormData();
  form.append('file', input.file, input.file.name);
  return apiRequest(`${base(input.shopId)}/preview`, {
    method: 'POST',
    body: form,
    schema: bulkPreviewSchema,
  });
}

export function usePreviewFile() {
  return useMutation({ mutationFn: previewFile });
}

export type BulkConfirmInput = {
  shopId: string;
  pickupLocationId: string;
  fileName?: string;
  rows: BulkRowInput[];
  /** One per sheet, made when the sheet is loaded and sent again on a retry: the sheet books once. */
  idempotencyKey: string;
};

/** POST …/bulk/confirm: books every row or none (400 with details.rows when a row is still wrong). */
export function confirmBulk({ shopId, idempotencyKey, ...body }: BulkConfirmInput) {
  return apiRequest(`${base(shopId)}/confirm`, {
    method: 'POST',
    body: { ...body, sellingPriceAcknowledged: true },
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: bulkConfirmedSchema,
  });
}

export function useConfirmBulk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmBulk,
    // A refused confirm is logged too, so the log changes either way.
    onSettled: (_data, _error, { shopId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: parcelsKey(shopId) }),
        queryClient.invalidateQueries({ queryKey: bulkLogsKey(shopId) }),
      ]),
  });
}

/** The rows of a refused confirm, by the index of the row as it was sent. */
export function rowErrorsOf(error: unknown): Map<number, BulkRowError[]> {
  const out = new Map<number, BulkRowError[]>();
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return out;
  const rows = (error.details as { rows?: unknown } | undefined)?.rows;
  if (!Array.isArray(rows)) return out;
  for (const row of rows) {
    const { index, errors } = (row ?? {}) as { index?: unknown; errors?: unknown };
    if (typeof index !== 'number' || !Array.isArray(errors)) continue;
    out.set(
      index,
      errors.filter((e): e is BulkRowError => typeof e?.field === 'string' && typeof e?.message === 'string'),
    );
  }
  return out;
}

/** GET …/bulk/logs: the shop's uploads, newest first, with their counts. */
export function useBulkLogs(shopId: string, offset: number) {
  return useQuery({
    queryKey: [...bulkLogsKey(shopId), offset] as const,
    queryFn: ({ signal }) =>
      apiRequest(`${base(shopId)}/logs?limit=${bulkLogPageSize}&offset=${offset}`, {
        schema: withDates(bulkLogListSchema),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
