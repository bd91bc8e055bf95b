import { nidSubmittedSchema } from '@dak/domain/nid';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';
import { nidKey } from './get-nid';

export type NidSubmission = { shopId: string; nidNumber: string; front: File; back: File };

/** POST /shops/:shopId/nid (multipart): the NID number and photos of both sides. */
export function submitNid({ shopId, nidNumber, front, back }: NidSubmission) {
  const form = new FormData();
  form.append('nidNumber', nidNumber);
  form.append('front', front, front.name);
  form.append('back', back, back.name);
  return apiRequest(`/shops/${encodeURIComponent(shopId)}/nid`, {
    method: 'POST',
    body: form,
    schema: withDates(nidSubmittedSchema),
  });
}

export function useSubmitNid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitNid,
    onSuccess: (result, { shopId }) => queryClient.setQueryData(nidKey(shopId), result.nid),
  });
}
