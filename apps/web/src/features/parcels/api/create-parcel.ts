import { type ParcelCreate, parcelSchema } from '@dak/domain/parcel';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';
import { parcelsKey } from './list-parcels';

export type CreateParcelInput = {
  shopId: string;
  input: ParcelCreate;
  /** One per submission of the form: a double click or a retry books the parcel once. */
  idempotencyKey: string;
};

/** POST /shops/:shopId/parcels: book a parcel (pickup pending) with its charge. */
export function createParcel({ shopId, input, idempotencyKey }: CreateParcelInput) {
  return apiRequest(`/shops/${encodeURIComponent(shopId)}/parcels`, {
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: withDates(parcelSchema),
  });
}

export function useCreateParcel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createParcel,
    onSuccess: (_parcel, { shopId }) => queryClient.invalidateQueries({ queryKey: parcelsKey(shopId) }),
  });
}
