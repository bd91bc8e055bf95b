import { type PickupMissedReason, pickupTickResultSchema, riderPickupListSchema } from '@dak/domain/hub-work';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type RiderPickupList = ReturnType<typeof riderPickupListSchema.parse>;
export type RiderPickup = RiderPickupList['items'][number];
export type RiderPickupParcel = RiderPickup['parcels'][number];

const key = ['rider', 'pickups'] as const;

/** GET /rider/pickups: the signed-in rider's pickups of today with their parcels. */
export function useRiderPickups() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiRequest('/rider/pickups', { schema: riderPickupListSchema, signal }),
    refetchInterval: 60_000,
  });
}

export type PickupTick = {
  pickupId: string;
  trackingId: string;
  pickedUp: boolean;
  reason?: PickupMissedReason;
};

/** POST /rider/pickups/:id/parcels: picked up, or not handed over with a reason. */
export function useTickPickup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pickupId, ...body }: PickupTick) =>
      apiRequest(`/rider/pickups/${pickupId}/parcels`, {
        method: 'POST',
        body,
        schema: pickupTickResultSchema,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}
