import { bankListSchema } from '@dak/domain/banks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staleTimes } from '../../../lib/query-client';

export type Bank = ReturnType<typeof bankListSchema.parse>['items'][number];

/** GET /banks: the scheduled banks (public reference data). */
export function listBanks(signal?: AbortSignal) {
  return apiRequest('/banks', { schema: bankListSchema, signal, auth: false });
}

export function banksQueryOptions() {
  return queryOptions({
    queryKey: ['banks'] as const,
    queryFn: ({ signal }) => listBanks(signal),
    staleTime: staleTimes.referenceData,
  });
}

export function useBanks() {
  return useQuery(banksQueryOptions());
}
