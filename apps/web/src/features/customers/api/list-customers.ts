import { customerListSchema } from '@dak/domain/customers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';

export const customerPageSize = 20;

export type CustomerFilter = { q?: string; offset: number };

/** Every customer query of a shop (address book, the booking form's look-ups) starts with this key. */
export const customersKey = (shopId: string) => ['customers', shopId] as const;

/** GET /shops/:shopId/customers: the address book, most recently booked first, 20 a page. */
export function listCustomers(shopId: string, filter: CustomerFilter, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(customerPageSize), offset: String(filter.offset) });
  if (filter.q) query.set('q', filter.q);
  return apiRequest(`/shops/${encodeURIComponent(shopId)}/customers?${query.toString()}`, {
    schema: withDates(customerListSchema),
    signal,
  });
}

export function customersQueryOptions(shopId: string, filter: CustomerFilter) {
  return queryOptions({
    queryKey: [...customersKey(shopId), 'list', filter] as const,
    queryFn: ({ signal }) => listCustomers(shopId, filter, signal),
  });
}

export function useCustomers(shopId: string, filter: CustomerFilter) {
  return useQuery({ ...customersQueryOptions(shopId, filter), placeholderData: keepPreviousData });
}
