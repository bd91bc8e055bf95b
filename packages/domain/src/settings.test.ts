import { describe, expect, it } from 'vitest';
import { defaultNotificationPrefs, readNotificationPrefs, userSettingsPatchSchema } from './settings';

describe('user settings', () => {
  it('fills missing or broken stored preferences with the defaults', () => {
    expect(readNotificationPrefs(null)).toEqual(defaultNotificationPrefs);
    expect(readNotificationPrefs({ sms: false, push: 'no', extra: true })).toEqual({
      ...defaultNotificationPrefs,
      sms: false,
    });
  });

  it('patches the language and any of the switches', () => {
    expect(userSettingsPatchSchema.parse({ language: 'bn' })).toEqual({ language: 'bn' });
    expect(userSettingsPatchSchema.parse({ notifications: { email: false } })).toEqual({
      notifications: { email: false },
    });
    expect(userSettingsPatchSchema.safeParse({}).success).toBe(false);
    expect(userSettingsPatchSchema.safeParse({ language: 'fr' }).success).toBe(false);
    expect(userSettingsPatchSchema.safeParse({ notifications: { sms: 'yes' } }).success).toBe(false);
  });
});
