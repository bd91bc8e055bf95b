import { chargeQuoteSchema } from '@dak/domain/pricing';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ChargeRequest = {
  pickupAreaId: string;
  deliveryAreaId: string;
  weightGrams: number;
  /** Whole taka; 0 for a prepaid parcel. */
  cash: number;
  categoryId?: string;
  categoryVariantId?: string;
  /** An exchange's forward leg: adds the exchange surcharge. */
  exchange?: boolean;
};

/** GET /shops/:shopId/charge: the charge under the shop's plan and the day it would be picked up. */
export function getCharge(shopId: string, request: ChargeRequest, signal?: AbortSignal) {
  const query = new URLSearchParams({
    pickupAreaId: request.pickupAreaId,
    deliveryAreaId: request.deliveryAreaId,
    weight: String(request.weightGrams),
    cash: String(request.cash),
  });
  if (request.categoryId) query.set('categoryId', request.categoryId);
  if (request.categoryVariantId) query.set('categoryVariantId', request.categoryVariantId);
  if (request.exchange) query.set('exchange', 'true');
  return apiRequest(`/shops/${encodeURIComponent(shopId)}/charge?${query.toString()}`, {
    schema: chargeQuoteSchema,
    signal,
  });
}

export function chargeQueryOptions(shopId: string, request: ChargeRequest) {
  return queryOptions({
    queryKey: ['charge', shopId, request] as const,
    queryFn: ({ signal }) => getCharge(shopId, request, signal),
    staleTime: 60 * 1000,
  });
}

/** The live charge of the booking form; null while the form lacks an area or a valid weight. */
export function useCharge(shopId: string, request: ChargeRequest | null) {
  return useQuery({
    ...chargeQueryOptions(
      shopId,
      request ?? { pickupAreaId: '', deliveryAreaId: '', weightGrams: 0, cash: 0 },
    ),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}
