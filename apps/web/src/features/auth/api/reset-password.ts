import { okResponseSchema } from '@dak/domain/api-responses';
import type { resetPasswordSchema } from '@dak/domain/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ResetPasswordInput = ReturnType<typeof resetPasswordSchema.parse>;

/** POST /auth/password/reset: a reset code and a new password. */
export function resetPassword(input: ResetPasswordInput) {
  return apiRequest('/auth/password/reset', {
    method: 'POST',
    body: input,
    auth: false,
    schema: okResponseSchema,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
