import { userSettingsSchema } from '@dak/domain/settings';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';
import { useSettingsChange } from './get-settings';

/** POST /me/onboarding/tour-seen: the mini tour is not shown again. */
export function markTourSeen() {
  return apiRequest('/me/onboarding/tour-seen', {
    method: 'POST',
    body: {},
    schema: withDates(userSettingsSchema),
  });
}

export function useMarkTourSeen() {
  return useSettingsChange(markTourSeen);
}
