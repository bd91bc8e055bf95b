import { termsVersionSchema } from '@dak/domain/terms';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';
import { staleTimes } from '../../../lib/query-client';

/** GET /terms: the terms in force, in English and Bengali (shown before a new shop accepts them). */
export function getCurrentTerms(signal?: AbortSignal) {
  return apiRequest('/terms', { schema: withDates(termsVersionSchema), auth: false, signal });
}

export function currentTermsQueryOptions() {
  return queryOptions({
    queryKey: ['terms', 'current'] as const,
    queryFn: ({ signal }) => getCurrentTerms(signal),
    staleTime: staleTimes.shopConfig,
  });
}

export function useCurrentTerms(options: { enabled?: boolean } = {}) {
  return useQuery({ ...currentTermsQueryOptions(), enabled: options.enabled ?? true });
}
