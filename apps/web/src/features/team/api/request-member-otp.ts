import { otpSentSchema } from '@dak/domain/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /shops/:shopId/members/otp: sends a code to the new member's phone. */
export function requestMemberOtp({ shopId, phone }: { shopId: string; phone: string }) {
  return apiRequest(`/shops/${encodeURIComponent(shopId)}/members/otp`, {
    method: 'POST',
    body: { phone },
    schema: otpSentSchema,
  });
}

export function useRequestMemberOtp() {
  return useMutation({ mutationFn: requestMemberOtp });
}
