import { type otpRequestSchema, otpSentSchema } from '@dak/domain/auth';
import { useMutation } from '@tanstack/react-query';
import { publicPost } from '../../../lib/api-client';

export type RegistrationOtpInput = ReturnType<typeof otpRequestSchema.parse>;

/** POST /merchant/registration/otp: sends the sign-up code by SMS. */
export function requestRegistrationOtp(input: RegistrationOtpInput) {
  return publicPost('/merchant/registration/otp', input, otpSentSchema);
}

export function useRequestRegistrationOtp() {
  return useMutation({ mutationFn: requestRegistrationOtp });
}
