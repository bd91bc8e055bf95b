import { type CustomerUpdate, customerSchema } from '@dak/domain/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';
import { customersKey } from './list-customers';

/** PUT /shops/:shopId/customers/:id: correct a saved customer's name, address, area or alternate phone. */
export function updateCustomer(input: { shopId: string; id: string; changes: CustomerUpdate }) {
  return apiRequest(`/shops/${encodeURIComponent(input.shopId)}/customers/${encodeURIComponent(input.id)}`, {
    method: 'PUT',
    body: input.changes,
    schema: withDates(customerSchema),
  });
}

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomer,
    // The booking form's look-up of the phone is under the same key: it fills the new details.
    onSuccess: (_saved, { shopId }) => queryClient.invalidateQueries({ queryKey: customersKey(shopId) }),
  });
}
