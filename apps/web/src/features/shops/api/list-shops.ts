import { shopListSchema } from '@dak/domain/shop';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const shopsQueryKey = ['shops', 'list'] as const;

/** GET /shops: my shops with my role in each, the one selected last first. */
export function listShops(signal?: AbortSignal) {
  return apiRequest('/shops', { schema: shopListSchema, signal });
}

export function shopsQueryOptions() {
  return queryOptions({ queryKey: shopsQueryKey, queryFn: ({ signal }) => listShops(signal) });
}

export function useShops(options: { enabled?: boolean } = {}) {
  return useQuery({ ...shopsQueryOptions(), enabled: options.enabled ?? true });
}
