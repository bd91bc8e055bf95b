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
import { type Guards, staffOf } from '../../plugins/auth';
import type { HubsService } from './hubs.service';

const secured = { security: [{ bearer: [] }] };
const viewerOf = (request: Parameters<typeof staffOf>[0]) => {
  const s = staffOf(request);
  return { staffId: s.staffId, role: s.role };
};

/** Operations console: hubs, who works in them, and riders. Hub managers see their hubs only. */
export function hubsRoutes(deps: { hubs: HubsService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { hubs, guards } = deps;

    r.get(
      '/ops/hubs',
      {
        preValidation: guards.staff(roomRoles.hubs),
        schema: {
          tags: ['ops'],
          summary: 'Hubs with district, contact and how many areas, staff and active riders',
          ...secured,
          querystring: hubQuerySchema,
          response: { 200: hubListSchema },
        },
      },
      (request) => hubs.listHubs(viewerOf(request), request.query),
    );
    r.get(
      '/ops/hubs/:id',
      {
        preValidation: guards.staff(roomRoles.hubs),
        schema: {
          tags: ['ops'],
          summary: 'A hub: the areas it serves and the staff working in it',
          ...secured,
          params: hubIdParamsSchema,
          response: { 200: hubDetailSchema },
        },
      },
      (request) => hubs.hubDetail(viewerOf(request), request.params.id),
    );
    r.patch(
      '/ops/hubs/:id',
      {
        preValidation: guards.staff(roomRoles.hubEdit),
        schema: {
          tags: ['ops'],
          summary: "Change a hub's address or phone (code, district and areas come from the seed)",
          ...secured,
          params: hubIdParamsSchema,
          body: hubUpdateSchema,
          response: { 200: hubDetailSchema },
        },
      },
      (request) => hubs.updateHub(viewerOf(request), request.params.id, request.body),
    );
    r.put(
      '/ops/staff/:id/hubs',
      {
        preValidation: guards.staff(roomRoles.staffHubs),
        schema: {
          tags: ['ops'],
          summary: "Set the hubs a staff member works in (replaces the list; a rider's is one hub)",
          ...secured,
          params: z.object({ id: z.uuid({ error: 'Staff member not found' }) }),
          body: staffHubsUpdateSchema,
          response: { 200: z.object({ staffId: z.string(), hubIds: z.array(z.string()) }) },
        },
      },
      (request) => hubs.setStaffHubs(request.params.id, request.body.hubIds),
    );
    r.get(
      '/ops/riders',
      {
        preValidation: guards.staff(roomRoles.riders),
        schema: {
          tags: ['ops'],
          summary: 'Riders by hub, active or not, found by name or phone',
          ...secured,
          querystring: riderQuerySchema,
          response: { 200: riderListSchema },
        },
      },
      (request) => hubs.listRiders(viewerOf(request), request.query),
    );
    r.post(
      '/ops/riders',
      {
        preValidation: guards.staff(roomRoles.riders),
        schema: {
          tags: ['ops'],
          summary: 'Add a rider to a hub; they sign in with a code sent to their phone',
          ...secured,
          body: riderCreateSchema,
          response: { 201: riderSchema },
        },
      },
      async (request, reply) => {
        const rider = await hubs.createRider(viewerOf(request), request.body);
        return reply.code(201).send(rider);
      },
    );
    r.patch(
      '/ops/riders/:id',
      {
        preValidation: guards.staff(roomRoles.riders),
        schema: {
          tags: ['ops'],
          summary: "Change a rider's name or hub, or switch them off (signs them out)",
          ...secured,
          params: z.object({ id: z.uuid({ error: 'Rider not found' }) }),
          body: riderUpdateSchema,
          response: { 200: riderSchema },
        },
      },
      (request) => hubs.updateRider(viewerOf(request), request.params.id, request.body),
    );
  };
}
