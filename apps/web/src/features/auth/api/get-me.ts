import { meResponseSchema } from '@dak/domain/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const meQueryKey = ['me'] as const;

/** GET /me: the signed-in user and their shops. */
export function getMe(signal?: AbortSignal) {
  return apiRequest('/me', { schema: meResponseSchema, signal });
}

export function meQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal) });
}

export function useMe(options: { enabled?: boolean } = {}) {
  return useQuery({ ...meQueryOptions(), enabled: options.enabled ?? true });
}
