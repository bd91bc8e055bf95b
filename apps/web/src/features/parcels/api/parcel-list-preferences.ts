import { type ParcelListPreferences, parcelListPreferencesResponseSchema } from '@dak/domain/parcel-list';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const path = (shopId: string) => `/shops/${encodeURIComponent(shopId)}/parcel-list-preferences`;
const key = (shopId: string) => ['parcels', shopId, 'preferences'] as const;

/** GET /shops/:shopId/parcel-list-preferences: yours in this shop, the defaults until you save. */
export function useParcelListPreferences(shopId: string) {
  return useQuery({
    queryKey: key(shopId),
    queryFn: ({ signal }) =>
      apiRequest(path(shopId), { schema: parcelListPreferencesResponseSchema, signal }),
    staleTime: 5 * 60_000,
  });
}

/** PUT: saves them; the list uses them at once and on the next visit. */
export function useSaveParcelListPreferences(shopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: ParcelListPreferences) =>
      apiRequest(path(shopId), {
        method: 'PUT',
        body: preferences,
        schema: parcelListPreferencesResponseSchema,
      }),
    onSuccess: (saved) => queryClient.setQueryData(key(shopId), saved),
  });
}
