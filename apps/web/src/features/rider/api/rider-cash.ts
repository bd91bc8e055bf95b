import { riderCashSchema } from '@dak/domain/money-api';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const riderCashKey = ['rider', 'cash'] as const;

/** GET /ops/rider/cash: the signed-in rider's own cash (in hand, today's, what they owe). */
export function useRiderCash() {
  return useQuery({
    queryKey: riderCashKey,
    queryFn: ({ signal }) => apiRequest('/ops/rider/cash', { schema: riderCashSchema, signal }),
    refetchOnWindowFocus: true,
    staleTime: 30_000,
  });
}
