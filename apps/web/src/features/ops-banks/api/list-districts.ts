import { districtListSchema } from '@dak/domain/geo';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staleTimes } from '../../../lib/query-client';

export type District = ReturnType<typeof districtListSchema.parse>['items'][number];

/** GET /districts: the 64 districts, to name a branch's district and filter by it. */
export function listDistricts(signal?: AbortSignal) {
  return apiRequest('/districts', { schema: districtListSchema, signal, auth: false });
}

export function districtsQueryOptions() {
  return queryOptions({
    queryKey: ['districts'] as const,
    queryFn: ({ signal }) => listDistricts(signal),
    staleTime: staleTimes.referenceData,
  });
}

export function useDistricts() {
  return useQuery(districtsQueryOptions());
}
