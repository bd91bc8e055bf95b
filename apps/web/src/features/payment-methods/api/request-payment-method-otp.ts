import { paymentMethodOtpSentSchema } from '@dak/domain/payment-methods';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /shops/:shopId/payment-method/otp: a code to the owner's phone (answered masked). */
export function requestPaymentMethodOtp({ shopId }: { shopId: string }) {
  return apiRequest(`/shops/${encodeURIComponent(shopId)}/payment-method/otp`, {
    method: 'POST',
    body: {},
    schema: paymentMethodOtpSentSchema,
  });
}

export function useRequestPaymentMethodOtp() {
  return useMutation({ mutationFn: requestPaymentMethodOtp });
}
