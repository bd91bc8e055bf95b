import { bouncedPaymentSchema } from '@dak/domain/money-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { moneyKey, shopPath } from './keys';

/** GET /shops/:shopId/payments/bounced: the newest bounce not yet paid again, or null. */
export function getBouncedPayment(shopId: string, signal?: AbortSignal) {
  return apiRequest(`${shopPath(shopId)}/payments/bounced`, { schema: bouncedPaymentSchema, signal });
}

export function useBouncedPayment(shopId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...moneyKey(shopId), 'bounced'] as const,
      queryFn: ({ signal }) => getBouncedPayment(shopId, signal),
      // Asked again on every visit: the owner comes back from changing the payment method (another
      // feature's form) and the banner must say at once that the next run uses the new details.
      staleTime: 0,
    }),
  );
}
