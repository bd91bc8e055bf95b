import { errorStatus } from '@dak/domain/errors';
import { useMutation } from '@tanstack/react-query';
import { apiBase } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { authHeaders } from '../../../lib/auth-storage';
import { shopPath } from './keys';

/** The spec's name for the file (spec 9), whatever the server's header says. */
export const invoiceCsvName = 'logistics-invoice.csv';

/**
 * GET /shops/:shopId/invoices/:invoiceId/csv: a file, not JSON, so a plain fetch with the bearer
 * token (a link cannot send it), saved through an object URL; an error is still the API's JSON.
 */
export async function downloadInvoiceCsv(input: { shopId: string; invoiceId: string }): Promise<void> {
  let response: Response;
  try {
    response = await fetch(
      `${apiBase}${shopPath(input.shopId)}/invoices/${encodeURIComponent(input.invoiceId)}/csv`,
      { headers: { Accept: 'text/csv, application/json', ...authHeaders() } },
    );
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'The service cannot be reached' });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as
      | { error?: { code?: string; message?: string } }
      | undefined;
    const code = body?.error?.code;
    throw new ApiError({
      status: response.status,
      code: code && Object.hasOwn(errorStatus, code) ? (code as keyof typeof errorStatus) : 'INTERNAL',
      message: body?.error?.message ?? 'Something went wrong',
    });
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = invoiceCsvName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadInvoiceCsv() {
  return useMutation({ mutationFn: downloadInvoiceCsv });
}
