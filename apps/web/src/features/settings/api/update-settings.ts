import { type UserSettingsPatch, userSettingsSchema } from '@dak/domain/settings';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';
import { useSettingsChange } from './get-settings';

/** PATCH /me/settings: the language and any notification switch. */
export function updateSettings(patch: UserSettingsPatch) {
  return apiRequest('/me/settings', {
    method: 'PATCH',
    body: patch,
    schema: withDates(userSettingsSchema),
  });
}

export function useUpdateSettings() {
  return useSettingsChange(updateSettings);
}
