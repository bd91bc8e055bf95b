import { type LeadStatus, opsLeadListSchema } from '@dak/domain/site-content';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';

export type LeadList = ReturnType<typeof opsLeadListSchema.parse>;
export type Lead = LeadList['items'][number];
export type LeadFilter = { status: LeadStatus | null; page: number };

export const leadsKey = ['ops', 'leads'] as const;
export const pageSize = 20;
const schema = withDates(opsLeadListSchema);

/** GET /ops/leads: newest first, by status, 20 a page, each with its history. */
export function listLeads(filter: LeadFilter, signal?: AbortSignal) {
  const query = new URLSearchParams({
    limit: String(pageSize),
    offset: String((filter.page - 1) * pageSize),
  });
  if (filter.status) query.set('status', filter.status);
  return apiRequest(`/ops/leads?${query}`, { schema, signal });
}

export function leadsQueryOptions(filter: LeadFilter) {
  return queryOptions({
    queryKey: [...leadsKey, filter],
    queryFn: ({ signal }) => listLeads(filter, signal),
    placeholderData: keepPreviousData,
  });
}

export function useLeads(filter: LeadFilter) {
  return useQuery(leadsQueryOptions(filter));
}
