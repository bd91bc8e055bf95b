import { webhookListSchema } from '@dak/domain/webhooks';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';

export const webhooksKey = (shopId: string) => ['webhooks', shopId] as const;

export const webhooksPath = (shopId: string) => `/shops/${encodeURIComponent(shopId)}/webhooks`;

export const webhookPath = (shopId: string, id: string) =>
  `${webhooksPath(shopId)}/${encodeURIComponent(id)}`;

/** GET /shops/:shopId/webhooks: the shop's endpoints; never a secret. */
export function listWebhooks(shopId: string, signal?: AbortSignal) {
  return apiRequest(webhooksPath(shopId), { schema: withDates(webhookListSchema), signal });
}

export function webhooksQueryOptions(shopId: string) {
  return queryOptions({
    queryKey: webhooksKey(shopId),
    queryFn: ({ signal }) => listWebhooks(shopId, signal),
  });
}

export function useWebhooks(shopId: string) {
  return useQuery(webhooksQueryOptions(shopId));
}

/** A change to a shop's endpoints: once the server has it, the list is fetched again. */
export function useWebhooksChange<Input extends { shopId: string }, Result>(
  mutationFn: (input: Input) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_result, { shopId }) => queryClient.invalidateQueries({ queryKey: webhooksKey(shopId) }),
  });
}
