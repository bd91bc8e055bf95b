import { meResponseSchema } from '@dak/domain/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { rememberGreetingName } from '../../../lib/greeting-name';

export const meQueryKey = ['me'] as const;

/** GET /me: the signed-in user and their shops. */
export async function getMe(signal?: AbortSignal) {
  const me = await apiRequest('/me', { schema: meResponseSchema, signal });
  // The dashboard's greeting, for the boot script's first paint of it on the next visit.
  rememberGreetingName(me.user);
  return me;
}

export function meQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal) });
}

export function useMe(options: { enabled?: boolean } = {}) {
  return useQuery({ ...meQueryOptions(), enabled: options.enabled ?? true });
}
