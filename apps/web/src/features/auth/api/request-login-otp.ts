import { type otpRequestSchema, otpSentSchema } from '@dak/domain/auth';
import { useMutation } from '@tanstack/react-query';
import { publicPost } from '../../../lib/api-client';

export type OtpRequestInput = ReturnType<typeof otpRequestSchema.parse>;

/** POST /auth/otp/request: sends a login code by SMS. */
export function requestLoginOtp(input: OtpRequestInput) {
  return publicPost('/auth/otp/request', input, otpSentSchema);
}

export function useRequestLoginOtp() {
  return useMutation({ mutationFn: requestLoginOtp });
}
