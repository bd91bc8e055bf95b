import { paymentsSummarySchema } from '@dak/domain/money-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { moneyKey, shopPath } from './keys';

/** GET /shops/:shopId/payments/summary: due, unpaid, processing, paid and the next payment. */
export function getPaymentsSummary(shopId: string, signal?: AbortSignal) {
  return apiRequest(`${shopPath(shopId)}/payments/summary`, { schema: paymentsSummarySchema, signal });
}

export function paymentsSummaryQueryOptions(shopId: string) {
  return queryOptions({
    queryKey: [...moneyKey(shopId), 'summary'] as const,
    queryFn: ({ signal }) => getPaymentsSummary(shopId, signal),
  });
}

export function usePaymentsSummary(shopId: string) {
  return useQuery(paymentsSummaryQueryOptions(shopId));
}
