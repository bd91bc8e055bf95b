import {
  type DeliveryRunCreate,
  deliveryRunCreatedSchema,
  deliveryRunListSchema,
  runCandidatesSchema,
} from '@dak/domain/delivery-runs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const runsKey = ['ops', 'delivery-runs'] as const;

/** GET /ops/delivery-runs?hubId=: the hub's runs of today. */
export function useRuns(hubId: string | null) {
  return useQuery({
    queryKey: [...runsKey, 'list', hubId],
    queryFn: ({ signal }) =>
      apiRequest(`/ops/delivery-runs?hubId=${encodeURIComponent(hubId ?? '')}`, {
        schema: deliveryRunListSchema,
        signal,
      }),
    enabled: hubId !== null,
  });
}

/** GET /ops/delivery-runs/candidates?hubId=: parcels waiting at the hub for a run. */
export function useRunCandidates(hubId: string | null) {
  return useQuery({
    queryKey: [...runsKey, 'candidates', hubId],
    queryFn: ({ signal }) =>
      apiRequest(`/ops/delivery-runs/candidates?hubId=${encodeURIComponent(hubId ?? '')}`, {
        schema: runCandidatesSchema,
        signal,
      }),
    enabled: hubId !== null,
  });
}

/** POST /ops/delivery-runs: parcels out with a rider; the answer says per parcel. */
export function useCreateRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeliveryRunCreate) =>
      apiRequest('/ops/delivery-runs', { method: 'POST', body, schema: deliveryRunCreatedSchema }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: runsKey }),
  });
}
