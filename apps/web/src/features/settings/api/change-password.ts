import { okResponseSchema } from '@dak/domain/api-responses';
import type { changePasswordSchema } from '@dak/domain/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ChangePasswordInput = ReturnType<typeof changePasswordSchema.parse>;

/** POST /auth/password/change: current password, new password and its confirmation. */
export function changePassword(input: ChangePasswordInput) {
  return apiRequest('/auth/password/change', { method: 'POST', body: input, schema: okResponseSchema });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
