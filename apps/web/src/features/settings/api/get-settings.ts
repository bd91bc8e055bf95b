import { userSettingsSchema } from '@dak/domain/settings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';

export const settingsKey = ['user-settings'] as const;

type Settings = Awaited<ReturnType<typeof getSettings>>;

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

/** A change to the settings: the server's answer is the settings from then on. */
export function useSettingsChange<Input>(mutationFn: (input: Input) => Promise<Settings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
  });
}
