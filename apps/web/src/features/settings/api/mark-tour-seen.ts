import { userSettingsSchema } from '@dak/domain/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';
import { settingsKey } from './get-settings';

/** POST /me/onboarding/tour-seen: the mini tour is not shown again. */
export function markTourSeen() {
  return apiRequest('/me/onboarding/tour-seen', {
    method: 'POST',
    body: {},
    schema: withDates(userSettingsSchema),
  });
}

export function useMarkTourSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markTourSeen,
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
  });
}
