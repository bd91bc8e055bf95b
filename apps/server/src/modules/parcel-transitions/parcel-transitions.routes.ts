import { bulkStatusRequestSchema, bulkStatusResultSchema } from '@dak/domain/operations';
import { parcelStatusSchema, returnOtpInputSchema, transitionResultSchema } from '@dak/domain/parcel-status';
import { roomRoles } from '@dak/domain/staff-rooms';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noBody } from '../../lib/schemas';
import { type Guards, staffOf } from '../../plugins/auth';
import { originOf, type ParcelTransitionsService } from './parcel-transitions.service';

const secured = { security: [{ bearer: [] }] };

/** Staff moving parcels: one at a time, or a hub's batch (spec 7: bulk-status-updates). */
export function parcelTransitionsRoutes(deps: { transitions: ParcelTransitionsService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { transitions, guards } = deps;
    const movers = guards.staff(roomRoles['parcel-status']);

    r.put(
      '/ops/parcels/bulk-status',
      {
        preValidation: movers,
        schema: {
          tags: ['ops'],
          summary: 'Move many parcels; each is checked like a single move and answered on its own',
          description:
            'Admins move any parcel, hub staff only parcels whose pickup or delivery hub is theirs. ' +
            'Each update is one transaction; a refused one (unknown tracking ID, a move the status ' +
            'machine refuses, a missing reason or amount, a missing or wrong return OTP) changes ' +
            "nothing and does not stop the rest. `returned` needs the parcel's own return OTP " +
            "(`otp`), checked and counted like the single move's.",
          ...secured,
          body: bulkStatusRequestSchema,
          response: { 200: bulkStatusResultSchema },
        },
      },
      (request) => {
        const staff = staffOf(request);
        return transitions.bulk(staff, request.body.updates, originOf(request));
      },
    );

    r.post(
      '/ops/parcels/:trackingId/status',
      {
        preValidation: movers,
        schema: {
          tags: ['ops'],
          summary: 'Move one parcel to a new status',
          ...secured,
          params: z.object({ trackingId: z.string().max(40) }),
          body: z.object({
            status: parcelStatusSchema,
            reason: z.string().trim().min(1).max(100).optional(),
            amountCollected: z.number().optional(),
            note: z.string().trim().min(1).max(500).optional(),
            /** The merchant's hand-over code, for `returned`. */
            otp: returnOtpInputSchema.optional(),
          }),
          response: { 200: transitionResultSchema },
        },
      },
      (request) => {
        const staff = staffOf(request);
        return transitions.transition(staff, {
          trackingId: request.params.trackingId,
          to: request.body.status,
          ...request.body,
          origin: originOf(request),
        });
      },
    );

    r.post(
      '/ops/parcels/:trackingId/return-otp',
      {
        preValidation: movers,
        schema: {
          tags: ['ops'],
          summary: 'Send the merchant a new return hand-over code (the parcel is out for return)',
          ...secured,
          params: z.object({ trackingId: z.string().max(40) }),
          body: noBody,
          response: { 200: z.object({ trackingId: z.string(), sentAt: z.date() }) },
        },
      },
      (request) => {
        const staff = staffOf(request);
        return transitions.resendReturnOtp(staff, request.params.trackingId);
      },
    );
  };
}
