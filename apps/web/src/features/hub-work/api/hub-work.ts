import {
  bagListSchema,
  bagSchema,
  pickupListSchema,
  pickupLocationSummarySchema,
  scanResultSchema,
  tripListSchema,
  tripScanResultSchema,
  tripSchema,
} from '@dak/domain/hub-work';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBase, apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';
import { ApiError } from '../../../lib/api-error';
import { authHeaders } from '../../../lib/auth-storage';

export type ScanResult = ReturnType<typeof scanResultSchema.parse>;
export type Bag = ReturnType<typeof bagSchema.parse>;
export type Trip = ReturnType<typeof tripSchema.parse>;
export type TripScanResult = ReturnType<typeof tripScanResultSchema.parse>;
export type PickupList = ReturnType<typeof pickupListSchema.parse>;

const hubWorkKey = ['ops', 'hub-work'] as const;
const bagItem = withDates(bagSchema);
const bagList = withDates(bagListSchema);
const tripItem = withDates(tripSchema);
const tripList = withDates(tripListSchema);

/** POST /ops/hub-scan: a parcel scanned in at the hub's door. */
export function scanIn(hubId: string, code: string) {
  return apiRequest('/ops/hub-scan', { method: 'POST', body: { hubId, code }, schema: scanResultSchema });
}

export function useBags(hubId: string | null) {
  return useQuery({
    queryKey: [...hubWorkKey, 'bags', hubId],
    queryFn: ({ signal }) => apiRequest(`/ops/bags?hubId=${hubId}`, { schema: bagList, signal }),
    enabled: hubId !== null,
  });
}

export function useTrips(hubId: string | null) {
  return useQuery({
    queryKey: [...hubWorkKey, 'trips', hubId],
    queryFn: ({ signal }) => apiRequest(`/ops/trips?hubId=${hubId}`, { schema: tripList, signal }),
    enabled: hubId !== null,
  });
}

function useHubWorkMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: hubWorkKey }),
  });
}

export const useCreateBag = () =>
  useHubWorkMutation((body: { hubId: string; destinationHubId: string }) =>
    apiRequest('/ops/bags', { method: 'POST', body, schema: bagItem }),
  );
export const addToBag = (bagId: string, code: string) =>
  apiRequest(`/ops/bags/${bagId}/parcels`, { method: 'POST', body: { code }, schema: bagItem });
export const useCreateTrip = () =>
  useHubWorkMutation(
    (body: { hubId: string; destinationHubId: string; bagIds: string[]; vehicle?: string }) =>
      apiRequest('/ops/trips', { method: 'POST', body, schema: tripItem }),
  );
export const useDispatchTrip = () =>
  useHubWorkMutation((id: string) =>
    apiRequest(`/ops/trips/${id}/dispatch`, { method: 'POST', schema: tripItem }),
  );
export const receiveScan = (tripId: string, code: string) =>
  apiRequest(`/ops/trips/${tripId}/receive-scans`, {
    method: 'POST',
    body: { code },
    schema: tripScanResultSchema,
  });
export const useFinishReceipt = () =>
  useHubWorkMutation((id: string) =>
    apiRequest(`/ops/trips/${id}/receive`, { method: 'POST', schema: tripItem }),
  );

/** The trip's manifest PDF, fetched with the session's token and opened for printing. */
export async function openManifest(tripId: string) {
  const response = await fetch(`${apiBase}/ops/trips/${tripId}/manifest`, {
    headers: authHeaders(),
  });
  if (!response.ok) {
    throw new ApiError({ status: response.status, code: 'NOT_FOUND', message: 'Trip not found' });
  }
  const url = URL.createObjectURL(await response.blob());
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function usePickups(hubId: string | null) {
  return useQuery({
    queryKey: [...hubWorkKey, 'pickups', hubId],
    queryFn: ({ signal }) => apiRequest(`/ops/pickups?hubId=${hubId}`, { schema: pickupListSchema, signal }),
    enabled: hubId !== null,
  });
}

export const useAssignPickup = () =>
  useHubWorkMutation((body: { hubId: string; pickupLocationId: string; riderId: string }) =>
    apiRequest('/ops/pickups', { method: 'PUT', body, schema: pickupLocationSummarySchema }),
  );
