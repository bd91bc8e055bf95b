import { okResponseSchema } from '@dak/domain/api-responses';
import type { resetPasswordSchema } from '@dak/domain/auth';
import { useMutation } from '@tanstack/react-query';
import { publicPost } from '../../../lib/api-client';

export type ResetPasswordInput = ReturnType<typeof resetPasswordSchema.parse>;

/** POST /auth/password/reset: a reset code and a new password. */
export function resetPassword(input: ResetPasswordInput) {
  return publicPost('/auth/password/reset', input, okResponseSchema);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
