import { type otpRequestSchema, otpSentSchema } from '@dak/domain/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type PasswordResetOtpInput = ReturnType<typeof otpRequestSchema.parse>;

/** POST /auth/password/reset/otp: sends a password reset code by SMS. */
export function requestPasswordResetOtp(input: PasswordResetOtpInput) {
  return apiRequest('/auth/password/reset/otp', {
    method: 'POST',
    body: input,
    auth: false,
    schema: otpSentSchema,
  });
}

export function useRequestPasswordResetOtp() {
  return useMutation({ mutationFn: requestPasswordResetOtp });
}
