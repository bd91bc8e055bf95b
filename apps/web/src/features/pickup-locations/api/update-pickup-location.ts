import { type PickupLocationUpdate, pickupLocationSavedSchema } from '@dak/domain/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pickupLocationsKey } from './list-pickup-locations';

/** PUT /shops/:shopId/pickup-locations/:id: edit, or switch on or off. */
export function updatePickupLocation(input: { shopId: string; id: string; changes: PickupLocationUpdate }) {
  return apiRequest(
    `/shops/${encodeURIComponent(input.shopId)}/pickup-locations/${encodeURIComponent(input.id)}`,
    { method: 'PUT', body: input.changes, schema: pickupLocationSavedSchema },
  );
}

export function useUpdatePickupLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePickupLocation,
    onSuccess: (_saved, { shopId }) =>
      queryClient.invalidateQueries({ queryKey: pickupLocationsKey(shopId) }),
  });
}
