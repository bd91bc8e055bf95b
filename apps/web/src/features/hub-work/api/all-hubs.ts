import { hubListSchema } from '@dak/domain/geo';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /hubs: every hub (a bag's or a trip's destination), kept an hour. */
export function useAllHubs() {
  return useQuery({
    queryKey: ['hubs', 'all'],
    queryFn: ({ signal }) => apiRequest('/hubs', { schema: hubListSchema, signal }),
    staleTime: 3_600_000,
  });
}
