import { staffMeResponseSchema } from '@dak/domain/api-responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const opsMeQueryKey = ['ops', 'me'] as const;

/** GET /ops/me: the signed-in staff member. */
export function getOpsMe(signal?: AbortSignal) {
  return apiRequest('/ops/me', { schema: staffMeResponseSchema, signal });
}

export function opsMeQueryOptions() {
  return queryOptions({ queryKey: opsMeQueryKey, queryFn: ({ signal }) => getOpsMe(signal) });
}

export function useOpsMe(options: { enabled?: boolean } = {}) {
  return useQuery({ ...opsMeQueryOptions(), enabled: options.enabled ?? true });
}
