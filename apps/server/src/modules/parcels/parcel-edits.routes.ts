import { parcelSchema } from '@dak/domain/parcel';
import {
  auditLogSchema,
  canEditSchema,
  noteSchema,
  parcelEditSchema,
  parcelNoteSchema,
} from '@dak/domain/parcel-edits';
import { roomRoles } from '@dak/domain/staff-rooms';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Guards, shopOf } from '../../plugins/auth';
import type { ParcelEditsService } from './parcel-edits.service';
import { bearerSecurity, merchantOf, parcelParams, shopRoute } from './route-options';

const noteParams = parcelParams.extend({ noteId: z.uuid({ error: 'Note not found' }) });

/** Editing a booked parcel, its notes and its audit log. */
export function parcelEditsRoutes(deps: { edits: ParcelEditsService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { edits, guards } = deps;
    const route = shopRoute(guards);
    const base = '/shops/:shopId/parcels/:parcelId';

    r.get(
      `${base}/can-edit`,
      route('parcel.view', {
        summary: 'Which of customer phone, cash and address (with its area) can still be edited, and why not',
        params: parcelParams,
        response: { 200: canEditSchema },
      }),
      (request) => edits.canEdit(shopOf(request).shopId, request.params.parcelId),
    );

    r.put(
      base,
      route('parcel.edit', {
        summary:
          'Edit customer phone, cash to collect and/or address and delivery area: each once, until delivered',
        description:
          '409 PARCEL_FIELD_ALREADY_EDITED for a field edited before; 409 PARCEL_NOT_EDITABLE once ' +
          'delivered, returning or closed. While pickup is pending the cash may not go below the ' +
          'delivery charge (400). A new cash amount or delivery area reprices the parcel under the ' +
          'shop’s plan. Each change goes into the audit log and the timeline.',
        params: parcelParams,
        body: parcelEditSchema,
        response: { 200: parcelSchema },
      }),
      (request) =>
        edits.edit({ ...merchantOf(request), parcelId: request.params.parcelId, body: request.body }),
    );

    r.get(
      `${base}/notes/latest`,
      route('parcel.view', {
        summary: 'The newest note on the parcel, or null',
        params: parcelParams,
        response: { 200: z.object({ note: parcelNoteSchema.nullable() }) },
      }),
      (request) => edits.latestNote(shopOf(request).shopId, request.params.parcelId),
    );

    r.post(
      `${base}/notes`,
      route('parcel.edit', {
        summary: 'Add a note to the parcel (1 to 500 characters)',
        params: parcelParams,
        body: noteSchema,
        response: { 201: parcelNoteSchema },
      }),
      async (request, reply) =>
        reply.status(201).send(
          await edits.addNote({
            ...merchantOf(request),
            parcelId: request.params.parcelId,
            note: request.body.note,
          }),
        ),
    );

    r.delete(
      `${base}/notes/:noteId`,
      route('parcel.edit', {
        summary: 'Remove a note: its author or the shop owner (409 NOTE_NOT_REMOVABLE otherwise)',
        params: noteParams,
        response: { 200: z.object({ id: z.string(), message: z.string() }) },
      }),
      (request) =>
        edits.removeNote({
          ...merchantOf(request),
          parcelId: request.params.parcelId,
          noteId: request.params.noteId,
          role: shopOf(request).role,
        }),
    );

    r.get(
      `${base}/audit-log`,
      route('parcel.view', {
        summary: 'Who changed what on the parcel, oldest first: edits, delete, notes added and removed',
        params: parcelParams,
        response: { 200: auditLogSchema },
      }),
      (request) => edits.auditLog(shopOf(request).shopId, request.params.parcelId),
    );

    r.get(
      '/ops/parcels/:trackingId/audit',
      {
        preValidation: guards.staff(roomRoles.parcelAudit),
        schema: {
          tags: ['ops'],
          summary: 'Any parcel’s audit log: edits, notes, status changes, return decisions, from where',
          security: bearerSecurity,
          params: z.object({ trackingId: z.string().max(40) }),
          response: { 200: auditLogSchema },
        },
      },
      (request) => edits.auditLogForStaff(request.params.trackingId),
    );
  };
}
