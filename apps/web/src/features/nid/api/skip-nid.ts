import { nidViewSchema } from '@dak/domain/nid';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';
import { nidKey } from './get-nid';

/** POST /shops/:shopId/nid/skip: "Skip for now". */
export function skipNid({ shopId }: { shopId: string }) {
  return apiRequest(`/shops/${encodeURIComponent(shopId)}/nid/skip`, {
    method: 'POST',
    body: {},
    schema: withDates(nidViewSchema),
  });
}

export function useSkipNid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: skipNid,
    onSuccess: (view, { shopId }) => queryClient.setQueryData(nidKey(shopId), view),
  });
}
