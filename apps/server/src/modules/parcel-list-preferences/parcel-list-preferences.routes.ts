import { parcelListPreferencesResponseSchema, parcelListPreferencesSchema } from '@dak/domain/parcel-list';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOptions } from '../../lib/routes';
import { type Guards, shopOf, userOf } from '../../plugins/auth';
import type { ParcelListPreferencesService } from './parcel-list-preferences.service';

/** The caller's own parcel-list preferences in a shop (spec 3 "Parcel list state"). */
export function parcelListPreferencesRoutes(deps: {
  preferences: ParcelListPreferencesService;
  guards: Guards;
}) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { preferences, guards } = deps;
    const route = routeOptions({ tags: ['parcels'], guards });

    r.get(
      '/shops/:shopId/parcel-list-preferences',
      route.shop('parcel.view', {
        summary: 'Your parcel-list preferences in this shop (the defaults until you save)',
        response: { 200: parcelListPreferencesResponseSchema },
      }),
      (request) => preferences.get(userOf(request).userId, shopOf(request).shopId),
    );

    r.put(
      '/shops/:shopId/parcel-list-preferences',
      route.shop('parcel.view', {
        summary:
          'Save your columns, page size, sort, opening tab, reattempt and prepayment choices for this shop’s parcel list',
        description: 'Only your own preferences change; other members of the shop keep theirs.',
        body: parcelListPreferencesSchema,
        response: { 200: parcelListPreferencesResponseSchema },
      }),
      (request) => preferences.save(userOf(request).userId, shopOf(request).shopId, request.body),
    );
  };
}
