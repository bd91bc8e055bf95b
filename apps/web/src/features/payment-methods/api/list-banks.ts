import { bankListSchema } from '@dak/domain/banks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staleTimes } from '../../../lib/query-client';

/** GET /banks: the scheduled banks. Reference data: kept 1 hour. */
export function listBanks(signal?: AbortSignal) {
  return apiRequest('/banks', { schema: bankListSchema, auth: false, signal });
}

export function banksQueryOptions() {
  return queryOptions({
    queryKey: ['banks'] as const,
    queryFn: ({ signal }) => listBanks(signal),
    staleTime: staleTimes.referenceData,
  });
}

export function useBanks(options: { enabled?: boolean } = {}) {
  return useQuery({ ...banksQueryOptions(), enabled: options.enabled ?? true });
}
