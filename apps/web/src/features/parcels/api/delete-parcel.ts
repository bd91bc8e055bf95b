import { parcelDeletedSchema } from '@dak/domain/parcel';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { parcelsKey } from './list-parcels';

/** DELETE /shops/:shopId/parcels/:parcelId: only while the parcel waits for pickup. */
export function deleteParcel({ shopId, parcelId }: { shopId: string; parcelId: string }) {
  return apiRequest(`/shops/${encodeURIComponent(shopId)}/parcels/${encodeURIComponent(parcelId)}`, {
    method: 'DELETE',
    schema: parcelDeletedSchema,
  });
}

export function useDeleteParcel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteParcel,
    // The parcel is marked deleted everywhere it shows (spec 4), then the lists refresh.
    onSuccess: (_deleted, { shopId }) => queryClient.invalidateQueries({ queryKey: parcelsKey(shopId) }),
  });
}
