import { featureFlagListSchema } from '@dak/domain/flags';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';

export type FeatureFlagList = ReturnType<typeof featureFlagListSchema.parse>;
export type FeatureFlag = FeatureFlagList['items'][number];

export const featureFlagsKey = ['ops', 'flags'] as const;

const schema = withDates(featureFlagListSchema);

/** GET /ops/flags: every feature flag with its switch, percentage and allow-list of shops. */
export function listFeatureFlags(signal?: AbortSignal) {
  return apiRequest('/ops/flags', { schema, signal });
}

export function featureFlagsQueryOptions() {
  return queryOptions({ queryKey: featureFlagsKey, queryFn: ({ signal }) => listFeatureFlags(signal) });
}

export function useFeatureFlags() {
  return useQuery(featureFlagsQueryOptions());
}
