import { type BannerInput, type OpsBanner, opsBannerListSchema, opsBannerSchema } from '@dak/domain/banners';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';
import { ApiError } from '../../../lib/api-error';
import { authHeaders } from '../../../lib/auth-storage';

const bannersKey = ['ops', 'banners'] as const;
const item = withDates(opsBannerSchema);

/** GET /ops/banners: every banner, newest first, with its status now. */
export function opsBannersOptions() {
  return queryOptions({
    queryKey: bannersKey,
    queryFn: ({ signal }) => apiRequest('/ops/banners', { schema: withDates(opsBannerListSchema), signal }),
  });
}

export function useOpsBanners() {
  return useQuery(opsBannersOptions());
}

/** The body as JSON: dates as ISO text (the schema's parsed form holds Dates). */
const body = (input: BannerInput) => ({
  ...input,
  startsAt: input.startsAt.toISOString(),
  endsAt: input.endsAt.toISOString(),
});

/**
 * POST (new) or PUT (change) a banner, then its image when one was chosen; the list reloads.
 * A refused image leaves the banner saved: the error says so and the dialog stays open on it.
 */
export function useSaveBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: BannerInput }): Promise<OpsBanner> =>
      apiRequest(id ? `/ops/banners/${encodeURIComponent(id)}` : '/ops/banners', {
        method: id ? 'PUT' : 'POST',
        body: body(input),
        schema: item,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bannersKey }),
  });
}

/** PUT /ops/banners/:id/image (multipart): checked by its bytes on the server. */
export function useUploadBannerImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return apiRequest(`/ops/banners/${encodeURIComponent(id)}/image`, {
        method: 'PUT',
        body: form,
        schema: item,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: bannersKey }),
  });
}

/** POST /ops/banners/:id/end: ends it now, for good. */
export function useEndBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/ops/banners/${encodeURIComponent(id)}/end`, { method: 'POST', schema: item }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bannersKey }),
  });
}

/** A banner's image for the console (the staff cookie with the console's header, so fetched here). */
export function useOpsBannerImage(path: string | null, version: string) {
  return useQuery({
    queryKey: ['ops', 'banner-image', path, version] as const,
    enabled: path !== null,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) => {
      const response = await fetch(String(path), { headers: authHeaders(), signal });
      if (!response.ok) {
        throw new ApiError({ status: response.status, code: 'NOT_FOUND', message: 'Image not found' });
      }
      return response.blob();
    },
  });
}
