import { messages } from '@dak/domain/errors';
import { readNotificationPrefs, type UserSettings, type UserSettingsPatch } from '@dak/domain/settings';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { createSettingsRepository } from './settings.repository';

export type SettingsService = ReturnType<typeof createSettingsService>;

type Row = { language: 'en' | 'bn'; notification_prefs: unknown; onboarding_tour_seen_at: Date | null };

function view(row: Row | undefined): UserSettings {
  if (!row) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
  return {
    language: row.language,
    notifications: readNotificationPrefs(row.notification_prefs),
    onboardingTourSeenAt: row.onboarding_tour_seen_at,
  };
}

/** A merchant user's language, notification switches and onboarding tour. */
export function createSettingsService(deps: { db: Kysely<DB>; clock: Clock }) {
  const repo = createSettingsRepository(deps.db);
  return {
    async get(userId: string) {
      return view(await repo.find(userId));
    },
    async update(userId: string, patch: UserSettingsPatch) {
      const notifications = patch.notifications
        ? Object.fromEntries(Object.entries(patch.notifications).filter(([, v]) => typeof v === 'boolean'))
        : undefined;
      return view(await repo.update(userId, { language: patch.language, notifications }, deps.clock.now()));
    },
    async markTourSeen(userId: string) {
      return view(await repo.markTourSeen(userId, deps.clock.now()));
    },
  };
}
