import { otpSentSchema } from '@dak/domain/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The shop's two numbers that change only with a code sent to the new number. */
export type ShopPhoneKind = 'phone' | 'return-phone';

/** POST /shops/:shopId/phone/otp or /return-phone/otp: sends a code to the new number. */
export function requestShopPhoneOtp(input: { shopId: string; kind: ShopPhoneKind; phone: string }) {
  return apiRequest(`/shops/${encodeURIComponent(input.shopId)}/${input.kind}/otp`, {
    method: 'POST',
    body: { phone: input.phone },
    schema: otpSentSchema,
  });
}

export function useRequestShopPhoneOtp() {
  return useMutation({ mutationFn: requestShopPhoneOtp });
}
