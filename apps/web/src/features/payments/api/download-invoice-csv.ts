import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file';
import { shopPath } from './keys';

/** The spec's name for the file (spec 9), whatever the server's header says. */
export const invoiceCsvName = 'logistics-invoice.csv';

/** GET /shops/:shopId/invoices/:invoiceId/csv, saved as logistics-invoice.csv. */
export async function downloadInvoiceCsv(input: { shopId: string; invoiceId: string }): Promise<void> {
  await downloadFile(
    `${shopPath(input.shopId)}/invoices/${encodeURIComponent(input.invoiceId)}/csv`,
    invoiceCsvName,
    { accept: 'text/csv, application/json' },
  );
}

export function useDownloadInvoiceCsv() {
  return useMutation({ mutationFn: downloadInvoiceCsv });
}
