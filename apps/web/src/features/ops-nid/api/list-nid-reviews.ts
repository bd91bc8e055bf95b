import { type NidSubmissionStatus, nidReviewListSchema } from '@dak/domain/nid';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';

export type NidReviewList = ReturnType<typeof nidReviewListSchema.parse>;
export type NidReviewItem = NidReviewList['items'][number];
export type NidReviewQuery = { status: NidSubmissionStatus; limit: number; offset: number };

const schema = withDates(nidReviewListSchema);

/** Every NID review list is under this key: a decision refreshes them all. */
export const nidReviewsKey = ['ops', 'nid', 'list'] as const;

/** GET /ops/nid: the review queue (pending, oldest first) or the decided submissions. */
export function listNidReviews(query: NidReviewQuery, signal?: AbortSignal) {
  const params = new URLSearchParams({
    status: query.status,
    limit: String(query.limit),
    offset: String(query.offset),
  });
  return apiRequest(`/ops/nid?${params}`, { schema, signal });
}

export function nidReviewsQueryOptions(query: NidReviewQuery) {
  return queryOptions({
    queryKey: [...nidReviewsKey, query] as const,
    queryFn: ({ signal }) => listNidReviews(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useNidReviews(query: NidReviewQuery) {
  return useQuery(nidReviewsQueryOptions(query));
}
