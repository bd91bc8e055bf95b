import { okResponseSchema } from '@dak/domain/api-responses';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /auth/logout: revokes this session on the server. */
export function logout() {
  // An empty JSON object: the server's body validation refuses a POST with no body at all.
  return apiRequest('/auth/logout', { method: 'POST', body: {}, schema: okResponseSchema });
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
