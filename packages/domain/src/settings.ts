import { z } from 'zod';

/** A merchant user's own settings (spec 2, Settings: language, notifications). */
export const languages = ['en', 'bn'] as const;
export type Language = (typeof languages)[number];

export const notificationChannels = ['sms', 'email', 'push'] as const;
export const notificationTopics = ['parcelUpdates', 'paymentUpdates'] as const;

/** Channels say how a user may be reached, topics what about; a message needs both on. */
export const notificationPrefsSchema = z.object({
  sms: z.boolean(),
  email: z.boolean(),
  push: z.boolean(),
  parcelUpdates: z.boolean(),
  paymentUpdates: z.boolean(),
});
export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;

/** Everything on until the user says otherwise: parcel and payment news is why merchants come. */
export const defaultNotificationPrefs: NotificationPrefs = {
  sms: true,
  email: true,
  push: true,
  parcelUpdates: true,
  paymentUpdates: true,
};

export const userSettingsSchema = z.object({
  language: z.enum(languages),
  notifications: notificationPrefsSchema,
  onboardingTourSeenAt: z.date().nullable(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** PATCH /me/settings: any of the language and the notification switches; the rest stay. */
export const userSettingsPatchSchema = z
  .object({
    language: z.enum(languages, { error: 'Language must be en or bn' }).optional(),
    notifications: notificationPrefsSchema.partial().optional(),
  })
  .refine(
    (body) => body.language !== undefined || body.notifications !== undefined,
    'Give a language or notification settings to change',
  );
export type UserSettingsPatch = z.infer<typeof userSettingsPatchSchema>;

/** Reads a stored preferences value, filling what is missing with the defaults. */
export function readNotificationPrefs(stored: unknown): NotificationPrefs {
  const record = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const out = { ...defaultNotificationPrefs };
  for (const key of Object.keys(out) as (keyof NotificationPrefs)[]) {
    if (typeof record[key] === 'boolean') out[key] = record[key];
  }
  return out;
}

/** The dashboard's profile completion steps (spec 2, Dashboard), in the order they are shown. */
export const profileSteps = ['pickup_location', 'payment_method', 'nid', 'terms'] as const;
export type ProfileStep = (typeof profileSteps)[number];

export const profileCompletionSchema = z.object({
  steps: z.array(z.object({ key: z.enum(profileSteps), done: z.boolean() })),
  done: z.number().int(),
  total: z.number().int(),
});
