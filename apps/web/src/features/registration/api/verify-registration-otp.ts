import { registrationOtpVerifiedSchema } from '@dak/domain/api-responses';
import type { otpVerifySchema } from '@dak/domain/auth';
import { useMutation } from '@tanstack/react-query';
import { publicPost } from '../../../lib/api-client';

export type RegistrationOtpVerifyInput = Pick<ReturnType<typeof otpVerifySchema.parse>, 'phone' | 'code'>;

/** POST /merchant/registration/otp/verify: checks the code without using it up. */
export function verifyRegistrationOtp(input: RegistrationOtpVerifyInput) {
  return publicPost('/merchant/registration/otp/verify', input, registrationOtpVerifiedSchema);
}

export function useVerifyRegistrationOtp() {
  return useMutation({ mutationFn: verifyRegistrationOtp });
}
