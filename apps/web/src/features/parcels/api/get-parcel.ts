import { parcelDetailSchema } from '@dak/domain/parcel';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';
import { parcelsKey } from './list-parcels';

export const parcelKey = (shopId: string, parcelId: string) =>
  [...parcelsKey(shopId), 'detail', parcelId] as const;

/** GET /shops/:shopId/parcels/:parcelId: every field, the charge and the timeline. */
export function getParcel(shopId: string, parcelId: string, signal?: AbortSignal) {
  return apiRequest(`/shops/${encodeURIComponent(shopId)}/parcels/${encodeURIComponent(parcelId)}`, {
    schema: withDates(parcelDetailSchema),
    signal,
  });
}

export function parcelQueryOptions(shopId: string, parcelId: string) {
  return queryOptions({
    queryKey: parcelKey(shopId, parcelId),
    queryFn: ({ signal }) => getParcel(shopId, parcelId, signal),
  });
}

export function useParcel(shopId: string, parcelId: string) {
  return useQuery(parcelQueryOptions(shopId, parcelId));
}
