import { cashHandoverSchema, depositListSchema, depositSchema, hubCashSchema } from '@dak/domain/money-api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const cashKey = ['ops', 'cash'] as const;
const hubPath = (hubId: string) => `/ops/hubs/${encodeURIComponent(hubId)}`;

/** GET /ops/hubs/{hubId}/cash: the hub's cash and the riders who hold cash or owe a shortage. */
export function useHubCash(hubId: string | null) {
  return useQuery({
    queryKey: [...cashKey, hubId, 'desk'] as const,
    queryFn: ({ signal }) => apiRequest(`${hubPath(hubId ?? '')}/cash`, { schema: hubCashSchema, signal }),
    enabled: hubId !== null,
  });
}

/** POST /ops/hubs/{hubId}/cash-handovers {riderId, amount}: the count against the books; a shortage becomes the rider's due. */
export function useCashHandover(hubId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { riderId: string; amount: number }) =>
      apiRequest(`${hubPath(hubId)}/cash-handovers`, { method: 'POST', body, schema: cashHandoverSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...cashKey, hubId] }),
  });
}

/** GET /ops/hubs/{hubId}/deposits?limit&offset: the hub's bank deposits, newest first. */
export function useDeposits(hubId: string, query: { limit: number; offset: number }, enabled: boolean) {
  return useQuery({
    queryKey: [...cashKey, hubId, 'deposits', query] as const,
    queryFn: ({ signal }) =>
      apiRequest(`${hubPath(hubId)}/deposits?limit=${query.limit}&offset=${query.offset}`, {
        schema: depositListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** POST /ops/hubs/{hubId}/deposits {amount, bankReference, depositedOn}: cash out of the hub into the bank. */
export function useRecordDeposit(hubId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { amount: number; bankReference: string; depositedOn: string }) =>
      apiRequest(`${hubPath(hubId)}/deposits`, { method: 'POST', body, schema: depositSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...cashKey, hubId] }),
  });
}
