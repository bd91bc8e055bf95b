import { paymentMethodResponseSchema } from '@dak/domain/payment-methods';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';

export const paymentMethodKey = (shopId: string) => ['payment-method', shopId] as const;

/** GET /shops/:shopId/payment-method: the current method, masked, and its change history. */
export function getPaymentMethod(shopId: string, signal?: AbortSignal) {
  return apiRequest(`/shops/${encodeURIComponent(shopId)}/payment-method`, {
    schema: withDates(paymentMethodResponseSchema),
    signal,
  });
}

export function paymentMethodQueryOptions(shopId: string) {
  return queryOptions({
    queryKey: paymentMethodKey(shopId),
    queryFn: ({ signal }) => getPaymentMethod(shopId, signal),
  });
}

export function usePaymentMethod(shopId: string) {
  return useQuery(paymentMethodQueryOptions(shopId));
}
