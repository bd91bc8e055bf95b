import { type PickupLocation, type PickupLocationCreate, pickupLocationSavedSchema } from '@dak/domain/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pickupLocationsKey } from './list-pickup-locations';

type PickupList = { items: PickupLocation[]; count: number };

/** POST /shops/:shopId/pickup-locations: a new, active pickup location. */
export function createPickupLocation({ shopId, input }: { shopId: string; input: PickupLocationCreate }) {
  return apiRequest(`/shops/${encodeURIComponent(shopId)}/pickup-locations`, {
    method: 'POST',
    body: input,
    schema: pickupLocationSavedSchema,
  });
}

export function useCreatePickupLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPickupLocation,
    onSuccess: async ({ message: _message, ...created }, { shopId }) => {
      // The new one shows first at once in every list it belongs to (spec 4), then lists refresh.
      queryClient.setQueriesData<PickupList>({ queryKey: pickupLocationsKey(shopId) }, (list) =>
        list ? { items: [created, ...list.items], count: list.count + 1 } : list,
      );
      await queryClient.invalidateQueries({ queryKey: pickupLocationsKey(shopId) });
    },
  });
}
