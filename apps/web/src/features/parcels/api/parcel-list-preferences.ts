import {
  defaultParcelListPreferences,
  type ParcelListPreferences,
  parcelListPreferencesResponseSchema,
} from '@dak/domain/parcel-list';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { storedValue } from '../../../lib/stored-value';

type ParcelListPreferencesResponse = ReturnType<typeof parcelListPreferencesResponseSchema.parse>;

const path = (shopId: string) => `/shops/${encodeURIComponent(shopId)}/parcel-list-preferences`;
const key = (shopId: string) => ['parcels', shopId, 'preferences'] as const;

/**
 * The preferences this browser last read or saved, with their shop: the route's loader asks for
 * the list's first page with them while their own call is still on its way (app/route-data.ts).
 * Only a guess: the page always reads the server's answer. Forgotten at sign-out.
 */
const lastRead = storedValue<{ shopId: string; preferences: ParcelListPreferencesResponse }>(
  'dak.parcelListPreferences',
  (raw) => {
    const kept = JSON.parse(raw) as { shopId?: unknown; preferences?: unknown };
    const preferences = parcelListPreferencesResponseSchema.safeParse(kept.preferences);
    return typeof kept.shopId === 'string' && preferences.success
      ? { shopId: kept.shopId, preferences: preferences.data }
      : null;
  },
  JSON.stringify,
  { endsWithSession: true },
);

/** The shop's preferences as last read in this browser; the defaults if none were (or another shop's). */
export function expectedParcelListPreferences(shopId: string): ParcelListPreferences {
  const kept = lastRead.get();
  return kept?.shopId === shopId ? kept.preferences : defaultParcelListPreferences;
}

/** GET /shops/:shopId/parcel-list-preferences: yours in this shop, the defaults until you save. */
export function parcelListPreferencesQueryOptions(shopId: string) {
  return queryOptions({
    queryKey: key(shopId),
    queryFn: async ({ signal }) => {
      const preferences = await apiRequest(path(shopId), {
        schema: parcelListPreferencesResponseSchema,
        signal,
      });
      lastRead.set({ shopId, preferences });
      return preferences;
    },
    staleTime: 5 * 60_000,
  });
}

export function useParcelListPreferences(shopId: string) {
  return useQuery(parcelListPreferencesQueryOptions(shopId));
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
    onSuccess: (saved) => {
      queryClient.setQueryData(key(shopId), saved);
      lastRead.set({ shopId, preferences: saved });
    },
  });
}
