import {
  hubDetailSchema,
  hubIdParamsSchema,
  hubListSchema,
  hubQuerySchema,
  hubUpdateSchema,
  riderCreateSchema,
  riderListSchema,
  riderQuerySchema,
  riderSchema,
  riderUpdateSchema,
  staffHubsUpdateSchema,
} from '@dak/domain/operations';
import { roomRoles } from '@dak/domain/staff-rooms';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffRoute } from '../../lib/staff-route';
import { type Guards, staffOf } from '../../plugins/auth';
import type { HubsService } from './hubs.service';

const tags = ['ops'];

/** Operations console: hubs, who works in them, and riders. Hub managers see their hubs only. */
export function hubsRoutes(deps: { hubs: HubsService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { hubs, guards } = deps;
    const hubsRoom = guards.staff(roomRoles.hubs);
    const ridersRoom = guards.staff(roomRoles.riders);
    const riderParams = z.object({ id: z.uuid({ error: 'Rider not found' }) });

    r.get(
      '/ops/hubs',
      staffRoute(hubsRoom, tags, 'Hubs with district, contact and how many areas, staff and active riders', {
        querystring: hubQuerySchema,
        response: { 200: hubListSchema },
      }),
      (request) => hubs.listHubs(staffOf(request), request.query),
    );
    r.get(
      '/ops/hubs/:id',
      staffRoute(hubsRoom, tags, 'A hub: the areas it serves and the staff working in it', {
        params: hubIdParamsSchema,
        response: { 200: hubDetailSchema },
      }),
      (request) => hubs.hubDetail(staffOf(request), request.params.id),
    );
    r.patch(
      '/ops/hubs/:id',
      staffRoute(
        guards.staff(roomRoles.hubEdit),
        tags,
        "Change a hub's address or phone (code, district and areas come from the seed)",
        { params: hubIdParamsSchema, body: hubUpdateSchema, response: { 200: hubDetailSchema } },
      ),
      (request) => hubs.updateHub(staffOf(request), request.params.id, request.body),
    );
    r.put(
      '/ops/staff/:id/hubs',
      staffRoute(
        guards.staff(roomRoles.staffHubs),
        tags,
        "Set the hubs a staff member works in (replaces the list; a rider's is one hub)",
        {
          params: z.object({ id: z.uuid({ error: 'Staff member not found' }) }),
          body: staffHubsUpdateSchema,
          response: { 200: z.object({ staffId: z.string(), hubIds: z.array(z.string()) }) },
        },
      ),
      (request) => hubs.setStaffHubs(request.params.id, request.body.hubIds),
    );
    r.get(
      '/ops/riders',
      staffRoute(ridersRoom, tags, 'Riders by hub, active or not, found by name or phone', {
        querystring: riderQuerySchema,
        response: { 200: riderListSchema },
      }),
      (request) => hubs.listRiders(staffOf(request), request.query),
    );
    r.post(
      '/ops/riders',
      staffRoute(ridersRoom, tags, 'Add a rider to a hub; they sign in with a code sent to their phone', {
        body: riderCreateSchema,
        response: { 201: riderSchema },
      }),
      async (request, reply) => reply.code(201).send(await hubs.createRider(staffOf(request), request.body)),
    );
    r.patch(
      '/ops/riders/:id',
      staffRoute(ridersRoom, tags, "Change a rider's name or hub, or switch them off (signs them out)", {
        params: riderParams,
        body: riderUpdateSchema,
        response: { 200: riderSchema },
      }),
      (request) => hubs.updateRider(staffOf(request), request.params.id, request.body),
    );
  };
}
