import { staffOtpSentSchema } from '@dak/domain/api-responses';
import type { staffLoginSchema } from '@dak/domain/auth';
import { useMutation } from '@tanstack/react-query';
import { publicPost } from '../../../lib/api-client';

export type StaffLoginInput = ReturnType<typeof staffLoginSchema.parse>;

/** POST /ops/auth/login: checks the password, then sends a code to the staff phone. */
export function opsLogin(input: StaffLoginInput) {
  return publicPost('/ops/auth/login', input, staffOtpSentSchema);
}

export function useOpsLogin() {
  return useMutation({ mutationFn: opsLogin });
}
