import { profileCompletionSchema } from '@dak/domain/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /shops/:shopId/profile-completion: pickup location, payment method, NID, terms. */
export function getProfileCompletion(shopId: string, signal?: AbortSignal) {
  return apiRequest(`/shops/${encodeURIComponent(shopId)}/profile-completion`, {
    schema: profileCompletionSchema,
    signal,
  });
}

export function profileCompletionQueryOptions(shopId: string) {
  return queryOptions({
    queryKey: ['profile-completion', shopId] as const,
    queryFn: ({ signal }) => getProfileCompletion(shopId, signal),
    // Steps are done on other screens: read afresh whenever the dashboard shows them.
    staleTime: 0,
  });
}

export function useProfileCompletion(shopId: string) {
  return useQuery(profileCompletionQueryOptions(shopId));
}
