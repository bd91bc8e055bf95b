import {
  featureFlagListSchema,
  featureFlagSchema,
  flagNameSchema,
  flagUpdateSchema,
  preferenceSchema,
  prefNameSchema,
  rolloutListSchema,
  rolloutQuerySchema,
  rolloutSchema,
} from '@dak/domain/flags';
import { roomRoles } from '@dak/domain/staff-rooms';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { secured } from '../../lib/routes';
import { type Guards, shopOf, staffOf } from '../../plugins/auth';
import type { FlagsService } from './flags.service';

const shopParams = z.object({ shopId: z.string() });

/** Public preferences, per-shop feature rollout, and the staff's flag switches. */
export function flagsRoutes(deps: { flags: FlagsService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { flags, guards } = deps;

    r.get(
      '/pref/:name',
      {
        schema: {
          tags: ['preferences'],
          summary: 'A public preference by name (e.g. forcedTimeoutForMerchantRegistration)',
          params: z.object({ name: prefNameSchema }),
          response: { 200: preferenceSchema },
        },
      },
      (request) => flags.preference(request.params.name),
    );
    r.get(
      '/shops/:shopId/rollout',
      {
        ...guards.shop('shop.view'),
        schema: {
          tags: ['preferences'],
          summary: 'Whether this shop has a partially rolled-out feature',
          ...secured,
          params: shopParams,
          querystring: rolloutQuerySchema,
          response: { 200: rolloutSchema },
        },
      },
      (request) => flags.rollout(shopOf(request).shopId, request.query.feature),
    );
    r.get(
      '/shops/:shopId/rollouts',
      {
        ...guards.shop('shop.view'),
        schema: {
          tags: ['preferences'],
          summary: 'Every feature flag and whether this shop has it',
          ...secured,
          params: shopParams,
          response: { 200: rolloutListSchema },
        },
      },
      (request) => flags.rollouts(shopOf(request).shopId),
    );

    const admins = guards.staff(roomRoles.flags);
    r.get(
      '/ops/flags',
      {
        preValidation: admins,
        schema: {
          tags: ['ops'],
          summary: 'Feature flags and their rollout',
          ...secured,
          response: { 200: featureFlagListSchema },
        },
      },
      () => flags.list(),
    );
    r.put(
      '/ops/flags/:name',
      {
        preValidation: admins,
        schema: {
          tags: ['ops'],
          summary: 'Change a flag: switch it, set the percentage or the allow-list of shops',
          ...secured,
          params: z.object({ name: flagNameSchema }),
          body: flagUpdateSchema,
          response: { 200: featureFlagSchema },
        },
      },
      (request) =>
        flags.update({ name: request.params.name, staffId: staffOf(request).staffId, patch: request.body }),
    );
  };
}
