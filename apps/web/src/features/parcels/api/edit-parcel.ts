import { parcelSchema } from '@dak/domain/parcel';
import { canEditSchema, type ParcelEdit } from '@dak/domain/parcel-edits';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';
import { parcelKey } from './get-parcel';
import { parcelsKey } from './list-parcels';

const parcelPath = (shopId: string, parcelId: string) =>
  `/shops/${encodeURIComponent(shopId)}/parcels/${encodeURIComponent(parcelId)}`;

/** GET …/parcels/:parcelId/can-edit: which of phone, cash and address can still change, and why not. */
export function useCanEdit(shopId: string, parcelId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...parcelKey(shopId, parcelId), 'can-edit'] as const,
    queryFn: ({ signal }) =>
      apiRequest(`${parcelPath(shopId, parcelId)}/can-edit`, { schema: canEditSchema, signal }),
    enabled,
  });
}

/** PUT …/parcels/:parcelId: each of phone, cash and address once, until delivered. */
export function useEditParcel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { shopId: string; parcelId: string; changes: ParcelEdit }) =>
      apiRequest(parcelPath(input.shopId, input.parcelId), {
        method: 'PUT',
        body: input.changes,
        schema: withDates(parcelSchema),
      }),
    onSuccess: (_parcel, { shopId }) => queryClient.invalidateQueries({ queryKey: parcelsKey(shopId) }),
  });
}
