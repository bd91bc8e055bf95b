import { type ExchangeCreateInput, exchangeResultSchema } from '@dak/domain/parcel';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';
import { parcelsKey } from './list-parcels';

export type CreateExchangeInput = {
  shopId: string;
  input: ExchangeCreateInput;
  /** One per submission of the form: a double click or a retry books the pair once. */
  idempotencyKey: string;
};

/** POST /shops/:shopId/parcels/exchange: the forward parcel and its reverse leg, linked. */
export function createExchange({ shopId, input, idempotencyKey }: CreateExchangeInput) {
  return apiRequest(`/shops/${encodeURIComponent(shopId)}/parcels/exchange`, {
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: withDates(exchangeResultSchema),
  });
}

export function useCreateExchange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExchange,
    onSuccess: (_result, { shopId }) => queryClient.invalidateQueries({ queryKey: parcelsKey(shopId) }),
  });
}
