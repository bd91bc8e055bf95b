import { userSettingsPatchSchema, userSettingsSchema } from '@dak/domain/settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { secured } from '../../lib/routes';
import { noBody } from '../../lib/schemas';
import { type Guards, userOf } from '../../plugins/auth';
import type { SettingsService } from './settings.service';

/** The signed-in user's settings (language, notifications) and onboarding tour. */
export function settingsRoutes(deps: { settings: SettingsService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { settings, guards } = deps;

    r.get(
      '/me/settings',
      {
        preValidation: guards.user,
        schema: {
          tags: ['settings'],
          summary: 'Language, notification switches and whether the onboarding tour was seen',
          ...secured,
          response: { 200: userSettingsSchema },
        },
      },
      (request) => settings.get(userOf(request).userId),
    );
    r.patch(
      '/me/settings',
      {
        preValidation: guards.user,
        schema: {
          tags: ['settings'],
          summary: 'Change the language and any notification switch',
          ...secured,
          body: userSettingsPatchSchema,
          response: { 200: userSettingsSchema },
        },
      },
      (request) => settings.update(userOf(request).userId, request.body),
    );
    r.post(
      '/me/onboarding/tour-seen',
      {
        preValidation: guards.user,
        schema: {
          tags: ['settings'],
          summary: 'Record that the onboarding mini tour was seen (the first time is kept)',
          ...secured,
          body: noBody,
          response: { 200: userSettingsSchema },
        },
      },
      (request) => settings.markTourSeen(userOf(request).userId),
    );
  };
}
