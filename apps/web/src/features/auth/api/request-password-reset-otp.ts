import { type otpRequestSchema, otpSentSchema } from '@dak/domain/auth';
import { useMutation } from '@tanstack/react-query';
import { publicPost } from '../../../lib/api-client';

export type PasswordResetOtpInput = ReturnType<typeof otpRequestSchema.parse>;

/** POST /auth/password/reset/otp: sends a password reset code by SMS. */
export function requestPasswordResetOtp(input: PasswordResetOtpInput) {
  return publicPost('/auth/password/reset/otp', input, otpSentSchema);
}

export function useRequestPasswordResetOtp() {
  return useMutation({ mutationFn: requestPasswordResetOtp });
}
