import { zoneListSchema } from '@dak/domain/geo';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staleTimes } from '../../../lib/query-client';

/** GET /zones: delivery zones, for the shop's preferred delivery zone. Reference data: 1 hour. */
export function listZones(signal?: AbortSignal) {
  return apiRequest('/zones', { schema: zoneListSchema, signal });
}

export function zonesQueryOptions() {
  return queryOptions({
    queryKey: ['zones'] as const,
    queryFn: ({ signal }) => listZones(signal),
    staleTime: staleTimes.referenceData,
  });
}

export function useZones() {
  return useQuery(zonesQueryOptions());
}
