import { okResponseSchema } from '@dak/domain/api-responses';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /ops/auth/logout: revokes this staff session on the server. */
export function opsLogout() {
  // An empty JSON object: the server's body validation refuses a POST with no body at all.
  return apiRequest('/ops/auth/logout', { method: 'POST', body: {}, schema: okResponseSchema });
}

export function useOpsLogout() {
  return useMutation({ mutationFn: opsLogout });
}
