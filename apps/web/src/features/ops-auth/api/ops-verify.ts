import { staffSessionResponseSchema } from '@dak/domain/api-responses';
import type { staffVerifySchema } from '@dak/domain/auth';
import { useMutation } from '@tanstack/react-query';
import { publicPost } from '../../../lib/api-client';

export type StaffVerifyInput = ReturnType<typeof staffVerifySchema.parse>;

/** POST /ops/auth/verify: the code to a staff session. */
export function opsVerify(input: StaffVerifyInput) {
  // Asks for the session as an httpOnly cookie, not in the body.
  return publicPost('/ops/auth/verify', input, staffSessionResponseSchema, { 'X-Dak-Console': '1' });
}

export function useOpsVerify() {
  return useMutation({ mutationFn: opsVerify });
}
