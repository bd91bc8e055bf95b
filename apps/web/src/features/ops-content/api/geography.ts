import { areaListSchema, districtListSchema } from '@dak/domain/geo';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staleTimes } from '../../../lib/query-client';

/** GET /districts: the 64 districts for a booth's district (reference data, cached an hour). */
export function useDistricts() {
  return useQuery({
    queryKey: ['districts'] as const,
    queryFn: ({ signal }) => apiRequest('/districts', { schema: districtListSchema, signal, auth: false }),
    staleTime: staleTimes.referenceData,
  });
}

/** GET /areas?districtId=: a district's delivery areas, for a booth's area. */
export function useDistrictAreas(districtId: string | undefined) {
  return useQuery({
    queryKey: ['areas', districtId] as const,
    queryFn: ({ signal }) =>
      apiRequest(`/areas?districtId=${encodeURIComponent(districtId ?? '')}`, {
        schema: areaListSchema,
        signal,
        auth: false,
      }),
    enabled: Boolean(districtId),
    staleTime: staleTimes.referenceData,
  });
}
