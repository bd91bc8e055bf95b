import type { PaymentMethodInput } from '@dak/domain/payment-methods';
import { paymentMethodViewSchema } from '@dak/domain/payment-methods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';
import { paymentMethodKey } from './get-payment-method';

/** PUT /shops/:shopId/payment-method: the bank account or bKash wallet, with the owner's code. */
export function updatePaymentMethod({
  shopId,
  method,
  code,
}: {
  shopId: string;
  method: PaymentMethodInput;
  code: string;
}) {
  return apiRequest(`/shops/${encodeURIComponent(shopId)}/payment-method`, {
    method: 'PUT',
    body: { ...method, code },
    schema: withDates(paymentMethodViewSchema),
  });
}

export function useUpdatePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentMethod,
    onSuccess: (_view, { shopId }) => queryClient.invalidateQueries({ queryKey: paymentMethodKey(shopId) }),
  });
}
