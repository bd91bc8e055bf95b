import { registrationOtpVerifiedSchema } from '@dak/domain/api-responses';
import type { otpVerifySchema } from '@dak/domain/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type RegistrationOtpVerifyInput = Pick<ReturnType<typeof otpVerifySchema.parse>, 'phone' | 'code'>;

/** POST /merchant/registration/otp/verify: checks the code without using it up. */
export function verifyRegistrationOtp(input: RegistrationOtpVerifyInput) {
  return apiRequest('/merchant/registration/otp/verify', {
    method: 'POST',
    body: input,
    auth: false,
    schema: registrationOtpVerifiedSchema,
  });
}

export function useVerifyRegistrationOtp() {
  return useMutation({ mutationFn: verifyRegistrationOtp });
}
