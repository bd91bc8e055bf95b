import { hubDetailSchema, hubListSchema } from '@dak/domain/operations';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type HubList = ReturnType<typeof hubListSchema.parse>;
export type HubItem = HubList['items'][number];
export type HubDetail = ReturnType<typeof hubDetailSchema.parse>;
export type HubQuery = { q: string; limit: number; offset: number };

export const hubsKey = ['ops', 'hubs'] as const;

/** GET /ops/hubs: every hub for an admin, a hub manager's own hubs for them. */
export function listHubs(query: HubQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  if (query.q) params.set('q', query.q);
  return apiRequest(`/ops/hubs?${params}`, { schema: hubListSchema, signal });
}

export function useHubs(query: HubQuery) {
  return useQuery(
    queryOptions({
      queryKey: [...hubsKey, 'list', query] as const,
      queryFn: ({ signal }) => listHubs(query, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /ops/hubs/:id: the areas a hub serves and who works there. */
export function useHub(id: string | null) {
  return useQuery({
    queryKey: [...hubsKey, 'detail', id] as const,
    queryFn: ({ signal }) => apiRequest(`/ops/hubs/${id}`, { schema: hubDetailSchema, signal }),
    enabled: id !== null,
  });
}

export type HubUpdate = { id: string; address: string | null; phone: string | null };

/** PATCH /ops/hubs/:id: the admin keeps a hub's address and counter phone right. */
export function useUpdateHub() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: HubUpdate) =>
      apiRequest(`/ops/hubs/${id}`, { method: 'PATCH', body, schema: hubDetailSchema }),
    onSuccess: (hub) => {
      queryClient.setQueryData([...hubsKey, 'detail', hub.id], hub);
      void queryClient.invalidateQueries({ queryKey: [...hubsKey, 'list'] });
    },
  });
}
