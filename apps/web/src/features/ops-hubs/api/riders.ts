import { riderListSchema, riderSchema } from '@dak/domain/operations';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';
import { hubsKey } from './hubs';

export type RiderList = ReturnType<typeof riderListSchema.parse>;
export type RiderItem = RiderList['items'][number];
export type RiderQuery = {
  hubId: string | null;
  active: 'true' | 'false' | null;
  q: string;
  limit: number;
  offset: number;
};

export const ridersKey = ['ops', 'riders'] as const;
const listSchema = withDates(riderListSchema);
const itemSchema = withDates(riderSchema);

/** GET /ops/riders: by hub, active or not, found by name or phone. */
export function listRiders(query: RiderQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  if (query.hubId) params.set('hubId', query.hubId);
  if (query.active) params.set('active', query.active);
  if (query.q) params.set('q', query.q);
  return apiRequest(`/ops/riders?${params}`, { schema: listSchema, signal });
}

export function useRiders(query: RiderQuery) {
  return useQuery(
    queryOptions({
      queryKey: [...ridersKey, query] as const,
      queryFn: ({ signal }) => listRiders(query, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

function useRiderMutation<T>(fn: (input: T) => Promise<RiderItem>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ridersKey });
      void queryClient.invalidateQueries({ queryKey: hubsKey });
    },
  });
}

export type RiderCreate = { name: string; phone: string; hubId: string };

/** POST /ops/riders: a new rider in a hub; they sign in with a code sent to the phone. */
export function useCreateRider() {
  return useRiderMutation((body: RiderCreate) =>
    apiRequest('/ops/riders', { method: 'POST', body, schema: itemSchema }),
  );
}

export type RiderUpdate = { id: string; name?: string; hubId?: string; active?: boolean };

/** PATCH /ops/riders/:id: rename, move to another hub, or switch off (signs the rider out). */
export function useUpdateRider() {
  return useRiderMutation(({ id, ...body }: RiderUpdate) =>
    apiRequest(`/ops/riders/${id}`, { method: 'PATCH', body, schema: itemSchema }),
  );
}
