import { opsTermsListSchema } from '@dak/domain/terms';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';

export type TermsVersionList = ReturnType<typeof opsTermsListSchema.parse>;
export type TermsVersionItem = TermsVersionList['items'][number];

export const termsVersionsKey = ['ops', 'terms'] as const;

const schema = withDates(opsTermsListSchema);

/** GET /ops/terms: every version, newest (the one in force) first, with how many shops accepted it. */
export function listTermsVersions(signal?: AbortSignal) {
  return apiRequest('/ops/terms', { schema, signal });
}

export function termsVersionsQueryOptions() {
  return queryOptions({ queryKey: termsVersionsKey, queryFn: ({ signal }) => listTermsVersions(signal) });
}

export function useTermsVersions() {
  return useQuery(termsVersionsQueryOptions());
}
