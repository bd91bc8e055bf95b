import { type passwordLoginSchema, sessionResponseSchema } from '@dak/domain/auth';
import { useMutation } from '@tanstack/react-query';
import { publicPost } from '../../../lib/api-client';

export type PasswordLoginInput = ReturnType<typeof passwordLoginSchema.parse>;

/** POST /auth/login: phone and password to a session. */
export function loginWithPassword(input: PasswordLoginInput) {
  return publicPost('/auth/login', input, sessionResponseSchema);
}

export function useLoginWithPassword() {
  return useMutation({ mutationFn: loginWithPassword });
}
