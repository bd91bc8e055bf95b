import { successRateSchema } from '@dak/domain/customers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /shops/:shopId/customers/success-rate: how often parcels to this phone were delivered. */
export function getSuccessRate(shopId: string, phone: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ phone });
  return apiRequest(`/shops/${encodeURIComponent(shopId)}/customers/success-rate?${query.toString()}`, {
    schema: successRateSchema,
    signal,
  });
}

export function successRateQueryOptions(shopId: string, phone: string) {
  return queryOptions({
    queryKey: ['customers', shopId, 'success-rate', phone] as const,
    queryFn: ({ signal }) => getSuccessRate(shopId, phone, signal),
  });
}

/** The delivery record of a valid phone, for the low-success warning (null phone: nothing asked). */
export function useSuccessRate(shopId: string, phone: string | null) {
  return useQuery({ ...successRateQueryOptions(shopId, phone ?? ''), enabled: phone !== null });
}
