import { shopTermsSchema } from '@dak/domain/terms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';
import { shopTermsKey } from './get-shop-terms';

/** PUT /shops/:shopId/terms/accept?version=N: accepts the version that was shown. */
export function acceptTerms({ shopId, version }: { shopId: string; version: number }) {
  return apiRequest(`/shops/${encodeURIComponent(shopId)}/terms/accept?version=${version}`, {
    method: 'PUT',
    body: {},
    schema: withDates(shopTermsSchema),
  });
}

export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptTerms,
    onSuccess: (terms, { shopId }) => queryClient.setQueryData(shopTermsKey(shopId), terms),
  });
}
