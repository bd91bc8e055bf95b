import {
  parcelExportCreatedSchema,
  parcelExportFiltersSchema,
  parcelExportMessages,
  parcelExportSchema,
} from '@dak/domain/parcel-list';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Guards, shopOf } from '../../plugins/auth';
import { merchantOf, shopParams, shopRoute } from '../parcels/route-options';
import { type ParcelExportsService, xlsxType } from './parcel-exports.service';

const exportParams = shopParams.extend({ exportId: z.uuid({ error: parcelExportMessages.notFound }) });

/**
 * Exports of the parcel list to xlsx (spec 7: GET /v3/shop/{shop}/export/parcels and /status).
 * Anyone who may see the shop's parcels may export them; an export is theirs to poll and download
 * only inside that shop.
 */
export function parcelExportsRoutes(deps: { exports: ParcelExportsService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { exports } = deps;
    const route = shopRoute(deps.guards);

    r.post(
      '/shops/:shopId/parcel-exports',
      route('parcel.view', {
        summary: 'Export the parcel list with these filters to parcels_{date}.xlsx (a background job)',
        description:
          'The body takes the list’s filters and sort (no page). Answers 202 at once; poll the export ' +
          'until status is ready, then download it. 429 RATE_LIMITED while three exports of the shop are ' +
          'unfinished. ' +
          'Exports are kept for EXPORT_TTL_HOURS (24 by default).',
        params: shopParams,
        body: parcelExportFiltersSchema,
        response: { 202: parcelExportCreatedSchema },
      }),
      async (request, reply) => {
        const created = await exports.create({ ...merchantOf(request), filters: request.body });
        return reply.status(202).send(created);
      },
    );

    r.get(
      '/shops/:shopId/parcel-exports/:exportId',
      route('parcel.view', {
        summary: 'An export’s status and progress (rows done of the total)',
        params: exportParams,
        response: { 200: parcelExportSchema },
      }),
      (request) => exports.get(shopOf(request).shopId, request.params.exportId),
    );

    r.get(
      '/shops/:shopId/parcel-exports/:exportId/download',
      route('parcel.view', {
        summary: 'The finished export (.xlsx); 409 EXPORT_NOT_READY before it is built',
        params: exportParams,
      }),
      async (request, reply) => {
        const file = await exports.download(shopOf(request).shopId, request.params.exportId);
        return reply
          .header('content-type', xlsxType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .send(file.bytes);
      },
    );
  };
}
