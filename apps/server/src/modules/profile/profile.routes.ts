import { profileCompletionSchema } from '@dak/domain/settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Guards, shopOf } from '../../plugins/auth';
import type { ProfileService } from './profile.service';

/** The dashboard's profile completion steps of a shop. */
export function profileRoutes(deps: { profile: ProfileService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/shops/:shopId/profile-completion',
      {
        ...deps.guards.shop('dashboard.view'),
        schema: {
          tags: ['dashboard'],
          summary: 'Profile completion: pickup location, payment method, NID, terms',
          security: [{ bearer: [] }],
          params: z.object({ shopId: z.string() }),
          response: { 200: profileCompletionSchema },
        },
      },
      (request) => deps.profile.completion(shopOf(request).shopId),
    );
  };
}
