import { shopStatementSchema, trialBalanceSchema } from '@dak/domain/money-api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { payoutsKey } from './payout-runs';

/** GET /ops/ledger/trial-balance: every account's balance; the total is 0 when the books balance. */
export function useTrialBalance() {
  return useQuery({
    queryKey: [...payoutsKey, 'trial-balance'] as const,
    queryFn: ({ signal }) => apiRequest('/ops/ledger/trial-balance', { schema: trialBalanceSchema, signal }),
  });
}

export type StatementQuery = { shopId: string | null; from?: string; to?: string };

/** GET /ops/shops/{shopId}/statement?from&to: opening, lines with the running balance, closing. */
export function useShopStatement(query: StatementQuery) {
  const params = new URLSearchParams();
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  const search = params.size > 0 ? `?${params}` : '';
  return useQuery({
    queryKey: [...payoutsKey, 'statement', query] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/ops/shops/${encodeURIComponent(query.shopId ?? '')}/statement${search}`, {
        schema: shopStatementSchema,
        signal,
      }),
    enabled: query.shopId !== null,
    placeholderData: keepPreviousData,
  });
}
