import { apiKeyListSchema } from '@dak/domain/api-keys';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';

export const apiKeysKey = (shopId: string) => ['api-keys', shopId] as const;

export const apiKeysPath = (shopId: string) => `/shops/${encodeURIComponent(shopId)}/api-keys`;

/** GET /shops/:shopId/api-keys: live keys first, newest first; never a secret. */
export function listApiKeys(shopId: string, signal?: AbortSignal) {
  return apiRequest(apiKeysPath(shopId), { schema: withDates(apiKeyListSchema), signal });
}

export function apiKeysQueryOptions(shopId: string) {
  return queryOptions({ queryKey: apiKeysKey(shopId), queryFn: ({ signal }) => listApiKeys(shopId, signal) });
}

export function useApiKeys(shopId: string) {
  return useQuery(apiKeysQueryOptions(shopId));
}

/** A change to a shop's keys: once the server has it, the list is fetched again. */
export function useApiKeysChange<Input extends { shopId: string }, Result>(
  mutationFn: (input: Input) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_result, { shopId }) => queryClient.invalidateQueries({ queryKey: apiKeysKey(shopId) }),
  });
}
