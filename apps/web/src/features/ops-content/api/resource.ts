import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type ResponseParser } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';

const okParser: ResponseParser<{ ok: true }> = { parse: () => ({ ok: true as const }) };

/**
 * The four kinds of content (booths, truck types, FAQ, posts) share one shape of calls:
 * GET list, POST add, PUT change (every field), DELETE remove. Each kind's file names its path
 * and schemas with `contentResource`; the hooks below take that resource.
 */
export type ContentResource<List, Item, Input> = {
  path: string;
  key: readonly ['ops', 'content', string];
  list: ResponseParser<List>;
  item: ResponseParser<Item>;
  /** Carries the input type only. */
  input?: Input;
};

export function contentResource<List, Item, Input>(spec: {
  path: string;
  list: ResponseParser<List>;
  item: ResponseParser<Item>;
}): ContentResource<List, Item, Input> {
  return {
    path: spec.path,
    key: ['ops', 'content', spec.path] as const,
    list: withDates(spec.list),
    item: withDates(spec.item),
  };
}

export function contentListOptions<List>(resource: ContentResource<List, unknown, unknown>) {
  return queryOptions({
    queryKey: resource.key,
    queryFn: ({ signal }) => apiRequest(resource.path, { schema: resource.list, signal }),
  });
}

/** GET the list. */
export function useContentList<List>(resource: ContentResource<List, unknown, unknown>) {
  return useQuery(contentListOptions(resource));
}

/** POST (id null) or PUT (id given) one item; the list reloads. */
export function useSaveContent<Item, Input>(resource: ContentResource<unknown, Item, Input>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: Input }) =>
      apiRequest(id ? `${resource.path}/${encodeURIComponent(id)}` : resource.path, {
        method: id ? 'PUT' : 'POST',
        body: input,
        schema: resource.item,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resource.key }),
  });
}

/** DELETE one item; the list reloads. */
export function useRemoveContent(resource: ContentResource<unknown, unknown, unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`${resource.path}/${encodeURIComponent(id)}`, { method: 'DELETE', schema: okParser }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resource.key }),
  });
}
