import { type LeadStatus, opsLeadSchema } from '@dak/domain/site-content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';
import { leadsKey } from './list-leads';

const schema = withDates(opsLeadSchema);

/** POST /ops/leads/:id/status: the next status with a note. */
export function moveLead(input: { id: string; status: LeadStatus; note: string }) {
  return apiRequest(`/ops/leads/${encodeURIComponent(input.id)}/status`, {
    method: 'POST',
    body: { status: input.status, note: input.note },
    schema,
  });
}

export function useMoveLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveLead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadsKey }),
  });
}
