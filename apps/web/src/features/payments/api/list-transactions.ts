import { transactionListSchema } from '@dak/domain/money-api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { moneyKey, shopPath } from './keys';

export const transactionPageSize = 20;

/** GET /shops/:shopId/transactions?limit&offset: the shop's ledger lines, newest first. */
export function listTransactions(shopId: string, offset: number, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(transactionPageSize), offset: String(offset) });
  return apiRequest(`${shopPath(shopId)}/transactions?${query}`, { schema: transactionListSchema, signal });
}

export function useTransactions(shopId: string, offset: number) {
  return useQuery({
    ...queryOptions({
      queryKey: [...moneyKey(shopId), 'transactions', offset] as const,
      queryFn: ({ signal }) => listTransactions(shopId, offset, signal),
    }),
    placeholderData: keepPreviousData,
  });
}
