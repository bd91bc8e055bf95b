import { type InvoiceParcel, invoiceParcelListSchema } from '@dak/domain/money-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { moneyKey, shopPath } from './keys';

/** The route's largest page (invoiceParcelQuerySchema). */
const pageLimit = 100;
/** An invoice is one day's parcels of one shop; past this many the page says the CSV has them all. */
export const invoiceParcelCap = 5000;

/**
 * GET /shops/:shopId/invoices/:invoiceId/parcels?limit&offset, every page: the invoice page groups
 * them by settlement type and totals each group, which needs all of them, not one page.
 */
export async function listAllInvoiceParcels(
  shopId: string,
  invoiceId: string,
  signal?: AbortSignal,
): Promise<{ items: InvoiceParcel[]; count: number }> {
  const items: InvoiceParcel[] = [];
  let count = 0;
  do {
    const query = new URLSearchParams({ limit: String(pageLimit), offset: String(items.length) });
    const page = await apiRequest(
      `${shopPath(shopId)}/invoices/${encodeURIComponent(invoiceId)}/parcels?${query}`,
      { schema: invoiceParcelListSchema, signal },
    );
    items.push(...page.items);
    count = page.count;
    if (page.items.length === 0) break;
  } while (items.length < count && items.length < invoiceParcelCap);
  return { items, count };
}

export function useInvoiceParcels(shopId: string, invoiceId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...moneyKey(shopId), 'invoice-parcels', invoiceId] as const,
      queryFn: ({ signal }) => listAllInvoiceParcels(shopId, invoiceId, signal),
    }),
  );
}
