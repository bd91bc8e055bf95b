import { invoiceListSchema } from '@dak/domain/money-api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { moneyKey, shopPath } from './keys';

/** Spec 9: the payments list pages by 20. */
export const invoicePageSize = 20;
export type InvoiceItem = z.infer<typeof invoiceListSchema>['items'][number];

/** GET /shops/:shopId/invoices?limit&offset: the shop's invoices, newest first. */
export function listInvoices(shopId: string, offset: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(invoicePageSize), offset: String(offset) });
  return apiRequest(`${shopPath(shopId)}/invoices?${query}`, { schema: invoiceListSchema, signal });
}

export function useInvoices(shopId: string, offset: number) {
  return useQuery({
    ...queryOptions({
      queryKey: [...moneyKey(shopId), 'invoices', offset] as const,
      queryFn: ({ signal }) => listInvoices(shopId, offset, signal),
    }),
    placeholderData: keepPreviousData,
  });
}
