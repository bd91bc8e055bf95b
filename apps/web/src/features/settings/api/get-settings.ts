import { userSettingsSchema } from '@dak/domain/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';

export const settingsKey = ['user-settings'] as const;

/** GET /me/settings: language, notification switches, whether the tour was seen. */
export function getSettings(signal?: AbortSignal) {
  return apiRequest('/me/settings', { schema: withDates(userSettingsSchema), signal });
}

export function settingsQueryOptions() {
  return queryOptions({ queryKey: settingsKey, queryFn: ({ signal }) => getSettings(signal) });
}

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
