import { opsOverviewSchema } from '@dak/domain/ops-overview';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const opsOverviewKey = ['ops', 'overview'] as const;

/** Live figures: asked again every 30 seconds while the page is open, and when the tab gets focus. */
export const overviewRefetchMs = 30_000;

/** GET /ops/overview: the work waiting at each hub the staff member works in. */
export function useOpsOverview(enabled = true) {
  return useQuery({
    queryKey: opsOverviewKey,
    queryFn: ({ signal }) => apiRequest('/ops/overview', { schema: opsOverviewSchema, signal }),
    enabled,
    refetchInterval: overviewRefetchMs,
    refetchOnWindowFocus: 'always',
    staleTime: 10_000,
  });
}
