import { smsOutboxListSchema } from '@dak/domain/ops';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';

export type SmsOutboxList = ReturnType<typeof smsOutboxListSchema.parse>;
export type SmsOutboxItem = SmsOutboxList['items'][number];
/** `to`: a phone number as typed (the server reads 01…, +880…, 880…), or null for everyone. */
export type SmsOutboxQuery = { to: string | null; limit: number; offset: number };

const schema = withDates(smsOutboxListSchema);

/** GET /ops/sms-outbox: what was sent (or recorded by the local provider) to whom, newest first. */
export function listSmsOutbox(query: SmsOutboxQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  if (query.to) params.set('to', query.to);
  return apiRequest(`/ops/sms-outbox?${params}`, { schema, signal });
}

export function smsOutboxQueryOptions(query: SmsOutboxQuery) {
  return queryOptions({
    queryKey: ['ops', 'sms-outbox', query] as const,
    queryFn: ({ signal }) => listSmsOutbox(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSmsOutbox(query: SmsOutboxQuery) {
  return useQuery(smsOutboxQueryOptions(query));
}
