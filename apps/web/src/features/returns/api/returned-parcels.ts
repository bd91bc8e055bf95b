import type { ReattemptRequest, ReturnedParcelView } from '@dak/domain/returns';
import { returnedParcelListSchema } from '@dak/domain/returns';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';

export const returnedPageSize = 20;
export type ReturnedFilter = { view: ReturnedParcelView; q?: string; offset: number };
export type ReturnedList = z.infer<typeof returnedParcelListSchema>;
export type ReturnedItem = ReturnedList['items'][number];

export const returnedKey = (shopId: string) => ['returned-parcels', shopId] as const;
const path = (shopId: string) => `/shops/${encodeURIComponent(shopId)}/returned-parcels`;

/** GET /shops/:shopId/returned-parcels: failed (to decide), on the way back, or returned. */
export function listReturned(shopId: string, filter: ReturnedFilter, signal?: AbortSignal) {
  const query = new URLSearchParams({
    view: filter.view,
    limit: String(returnedPageSize),
    offset: String(filter.offset),
  });
  if (filter.q) query.set('q', filter.q);
  return apiRequest(`${path(shopId)}?${query}`, { schema: withDates(returnedParcelListSchema), signal });
}

export function useReturnedParcels(shopId: string, filter: ReturnedFilter) {
  return useQuery({
    ...queryOptions({
      queryKey: [...returnedKey(shopId), filter] as const,
      queryFn: ({ signal }) => listReturned(shopId, filter, signal),
    }),
    placeholderData: keepPreviousData,
  });
}

const requestedSchema = z.object({ id: z.string(), trackingId: z.string(), status: z.literal('pending') });
const movedSchema = z.object({ trackingId: z.string(), to: z.string() });

function useReturnsMutation<T, R>(fn: (input: T) => Promise<R>, shopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: returnedKey(shopId) }),
  });
}

/** POST …/:trackingId/reattempt: a reattempt request with an issue reason, for staff to decide. */
export function useRequestReattempt(shopId: string) {
  return useReturnsMutation(
    ({ trackingId, ...body }: ReattemptRequest & { trackingId: string }) =>
      apiRequest(`${path(shopId)}/${encodeURIComponent(trackingId)}/reattempt`, {
        method: 'POST',
        body,
        schema: requestedSchema,
      }),
    shopId,
  );
}

/** POST …/:trackingId/confirm-return: the parcel starts back to the merchant. */
export function useConfirmReturn(shopId: string) {
  return useReturnsMutation(
    (trackingId: string) =>
      apiRequest(`${path(shopId)}/${encodeURIComponent(trackingId)}/confirm-return`, {
        method: 'POST',
        body: {},
        schema: movedSchema,
      }),
    shopId,
  );
}
