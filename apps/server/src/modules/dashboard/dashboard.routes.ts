import { dashboardQuerySchema, dashboardSchema } from '@dak/domain/dashboard';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOptions } from '../../lib/routes';
import { type Guards, shopOf } from '../../plugins/auth';
import type { DashboardService } from './dashboard.service';

/** The merchant's dashboard (issue 14): anyone who may see the shop's parcels. */
export function dashboardRoutes(deps: { dashboard: DashboardService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const route = routeOptions({ tags: ['dashboard'], guards: deps.guards });

    r.get(
      '/shops/:shopId/dashboard',
      route.shop('parcel.view', {
        summary: 'Parcels booked in the range by their stage now, rates, bookings and deliveries per day',
        description:
          'since and until are Dhaka dates (YYYY-MM-DD), both included; without them the last 15 whole ' +
          'days (until yesterday). A parcel counts on the day it was booked, in the status it is in now; ' +
          'series.delivered counts deliveries on the day they happened. Rates are percent of the parcels ' +
          'delivered or started back; null with none. needsAction ignores the range.',
        querystring: dashboardQuerySchema,
        response: { 200: dashboardSchema },
      }),
      (request) => {
        const access = shopOf(request);
        return deps.dashboard.get(access.shopId, request.query, {
          seesPayments: access.permissions.includes('payment.view'),
        });
      },
    );
  };
}
