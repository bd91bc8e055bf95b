import { otpLoginResponseSchema, type otpVerifySchema } from '@dak/domain/auth';
import { useMutation } from '@tanstack/react-query';
import { publicPost } from '../../../lib/api-client';

export type OtpVerifyInput = ReturnType<typeof otpVerifySchema.parse>;

/** POST /auth/otp/verify: a login code to a session; an unknown phone gets a new account. */
export function verifyLoginOtp(input: OtpVerifyInput) {
  return publicPost('/auth/otp/verify', input, otpLoginResponseSchema);
}

export function useVerifyLoginOtp() {
  return useMutation({ mutationFn: verifyLoginOtp });
}
