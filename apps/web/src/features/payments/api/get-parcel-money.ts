import { parcelMoneySchema } from '@dak/domain/money-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { moneyKey, shopPath } from './keys';

/** GET /shops/:shopId/parcels/:trackingId/money: the parcel's payment stage, settlement and invoice. */
export function getParcelMoney(shopId: string, trackingId: string, signal?: AbortSignal) {
  return apiRequest(`${shopPath(shopId)}/parcels/${encodeURIComponent(trackingId)}/money`, {
    schema: parcelMoneySchema,
    signal,
  });
}

export function useParcelMoney(shopId: string, trackingId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...moneyKey(shopId), 'parcel', trackingId] as const,
      queryFn: ({ signal }) => getParcelMoney(shopId, trackingId, signal),
    }),
  );
}
