import { staffSessionResponseSchema } from '@dak/domain/api-responses';
import type { staffVerifySchema } from '@dak/domain/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type StaffVerifyInput = ReturnType<typeof staffVerifySchema.parse>;

/** POST /ops/auth/verify: the code to a staff session. */
export function opsVerify(input: StaffVerifyInput) {
  return apiRequest('/ops/auth/verify', {
    method: 'POST',
    body: input,
    auth: false,
    // Asks for the session as an httpOnly cookie, not in the body.
    headers: { 'X-Dak-Console': '1' },
    schema: staffSessionResponseSchema,
  });
}

export function useOpsVerify() {
  return useMutation({ mutationFn: opsVerify });
}
