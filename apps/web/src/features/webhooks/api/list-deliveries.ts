import { type WebhookDelivery, webhookDeliveryListSchema } from '@dak/domain/webhooks';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';
import { webhookPath } from './list-webhooks';

/** A page of the log: the newest deliveries first. */
export const deliveriesPageSize = 20;

export const deliveriesKey = (shopId: string, webhookId: string) =>
  ['webhook-deliveries', shopId, webhookId] as const;

/** GET /shops/:shopId/webhooks/:id/deliveries: one page, older than `before` when given. */
export function listDeliveries(
  input: { shopId: string; webhookId: string; before?: string | null },
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({ limit: String(deliveriesPageSize) });
  if (input.before) query.set('before', input.before);
  return apiRequest(`${webhookPath(input.shopId, input.webhookId)}/deliveries?${query}`, {
    schema: withDates(webhookDeliveryListSchema),
    signal,
  });
}

export function deliveriesQueryOptions(shopId: string, webhookId: string) {
  return infiniteQueryOptions({
    queryKey: deliveriesKey(shopId, webhookId),
    queryFn: ({ pageParam, signal }) => listDeliveries({ shopId, webhookId, before: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextBefore,
  });
}

/**
 * The log, page by page ("Load older" asks for the next). `pollMs` looks at the deliveries loaded
 * so far and says when to fetch them again (after a test event, until the new delivery has an
 * outcome), or false.
 */
export function useDeliveries(
  shopId: string,
  webhookId: string,
  pollMs: (deliveries: WebhookDelivery[]) => number | false = () => false,
) {
  return useInfiniteQuery({
    ...deliveriesQueryOptions(shopId, webhookId),
    refetchInterval: (query) => pollMs(query.state.data?.pages.flatMap((page) => page.items) ?? []),
  });
}

/** The answer to a call that queues a delivery (test event, redeliver): 202 with its id. */
export const queuedDeliverySchema = z.object({ deliveryId: z.uuid() });

/** A call that queues a delivery: once the server has it, the log is fetched again. */
export function useDeliveriesChange<Input extends { shopId: string; webhookId: string }, Result>(
  mutationFn: (input: Input) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_result, { shopId, webhookId }) =>
      queryClient.invalidateQueries({ queryKey: deliveriesKey(shopId, webhookId) }),
  });
}
