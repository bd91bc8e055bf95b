import { labelMessages, labelQuerySchema, labelRequestSchema } from '@dak/domain/labels';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeOptions } from '../../lib/routes';
import { shopParams } from '../../lib/schemas';
import { type Guards, shopOf } from '../../plugins/auth';
import type { LabelsService } from './labels.service';

const parcelParams = shopParams.extend({ parcelId: z.uuid({ error: labelMessages.notFound }) });

/**
 * Parcel labels as PDF (issue 4, part 9). Reading parcels is enough (`parcel.view`): a label shows
 * what the parcel page shows. The POST is a read too; it takes a body only because 200 ids do not
 * fit a URL comfortably.
 */
export function labelsRoutes(deps: { labels: LabelsService; guards: Guards; publicUrl: string | undefined }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { labels, guards } = deps;
    const route = routeOptions({ tags: ['parcels'], guards });
    const description =
      'application/pdf. The QR code holds the public tracking URL {PUBLIC_URL}/track/{trackingId}. ' +
      'a4: six labels (2 × 3) per sheet with cut lines; thermal: one 4 × 6 inch label per page. ' +
      "404 NOT_FOUND when any id is not one of the shop's parcels; 409 CONFLICT for a deleted parcel.";
    /** The site the QR codes point to: PUBLIC_URL, else the address this request came to. */
    const baseUrl = (request: FastifyRequest) => deps.publicUrl ?? `${request.protocol}://${request.host}`;
    /** Renders the shop's parcels' labels and answers them as an inline PDF. */
    const send = async (
      request: FastifyRequest,
      reply: FastifyReply,
      parcelIds: string[],
      format: Parameters<LabelsService['pdf']>[0]['format'],
    ) => {
      const file = await labels.pdf({
        shopId: shopOf(request).shopId,
        parcelIds,
        format,
        baseUrl: baseUrl(request),
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.bytes);
    };

    r.post(
      '/shops/:shopId/parcels/labels',
      route.shop('parcel.view', {
        summary: 'Labels of 1 to 200 parcels of the shop as one PDF (A4 sheet or 4 × 6 thermal)',
        description,
        body: labelRequestSchema,
        produces: ['application/pdf'],
      }),
      (request, reply) => send(request, reply, request.body.parcelIds, request.body.format),
    );

    r.get(
      '/shops/:shopId/parcels/:parcelId/label',
      route.shop('parcel.view', {
        summary: "One parcel's label as PDF (format a4 or thermal, a4 when absent)",
        description,
        params: parcelParams,
        querystring: labelQuerySchema,
        produces: ['application/pdf'],
      }),
      (request, reply) => send(request, reply, [request.params.parcelId], request.query.format),
    );
  };
}
