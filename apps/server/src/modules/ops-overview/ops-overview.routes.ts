import { opsOverviewSchema } from '@dak/domain/ops-overview';
import { roomRoles } from '@dak/domain/staff-rooms';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffRoute } from '../../lib/staff-route';
import { type Guards, staffOf } from '../../plugins/auth';
import type { OpsOverviewService } from './ops-overview.service';

/**
 * The console's home figures. Hub staff's: the hubs room's roles (admin, hub manager), whose
 * rooms (pickups, hub scan, runs, returns, parcel status, cash) are where each figure leads.
 */
export function opsOverviewRoutes(deps: { overview: OpsOverviewService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/ops/overview',
      staffRoute(
        deps.guards.staff(roomRoles.hubs),
        ['ops'],
        'Work waiting now at each hub the staff member works in (every hub for an admin)',
        { response: { 200: opsOverviewSchema } },
      ),
      (request) => deps.overview.overview(staffOf(request)),
    );
  };
}
