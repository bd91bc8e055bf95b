import {
  enterpriseLeadCreatedSchema,
  enterpriseLeadSchema,
  leadMoveSchema,
  opsLeadListSchema,
  opsLeadQuerySchema,
  opsLeadSchema,
} from '@dak/domain/site-content';
import { roomRoles } from '@dak/domain/staff-rooms';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { secured } from '../../lib/routes';
import { type Guards, staffOf } from '../../plugins/auth';
import type { EnterpriseLeadsService } from './enterprise-leads.service';

/** The enterprise contact form (public) and the console's leads room. */
export function enterpriseLeadsRoutes(deps: { leads: EnterpriseLeadsService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { leads, guards } = deps;

    r.post(
      '/public/enterprise-leads',
      {
        schema: {
          tags: ['public site'],
          summary: 'Send the enterprise (truck rental) contact form; staff see it as a new lead',
          description: 'Rate-limited per IP. Phone: a Bangladeshi mobile number in any usual spelling.',
          body: enterpriseLeadSchema,
          response: { 201: enterpriseLeadCreatedSchema },
        },
      },
      async (request, reply) => {
        const created = await leads.submit({ ...request.body, ip: request.ip });
        return reply.status(201).send(created);
      },
    );

    const sales = { preValidation: guards.staff(roomRoles.leads) };
    r.get(
      '/ops/leads',
      {
        ...sales,
        schema: {
          tags: ['ops'],
          summary: 'Enterprise leads, newest first, with each one’s status history',
          ...secured,
          querystring: opsLeadQuerySchema,
          response: { 200: opsLeadListSchema },
        },
      },
      (request) => leads.list(request.query),
    );
    r.post(
      '/ops/leads/:id/status',
      {
        ...sales,
        schema: {
          tags: ['ops'],
          summary: 'Move a lead: new → contacted → won or lost (a new lead may be lost at once), with a note',
          ...secured,
          params: z.object({ id: z.uuid({ error: 'Lead not found' }) }),
          body: leadMoveSchema,
          response: { 200: opsLeadSchema },
        },
      },
      (request) =>
        leads.move({
          id: request.params.id,
          to: request.body.status,
          note: request.body.note,
          staffId: staffOf(request).staffId,
        }),
    );
  };
}
