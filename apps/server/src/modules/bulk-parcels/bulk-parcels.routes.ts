import { parcelBatchMessages, parcelBatchResultSchema, parcelBatchSchema } from '@dak/domain/api-keys';
import {
  bulkConfirmedSchema,
  bulkConfirmSchema,
  bulkFields,
  bulkLogListSchema,
  bulkLogQuerySchema,
  bulkMessages,
  bulkPreviewJsonSchema,
  bulkPreviewSchema,
  maxBulkImportLimit,
} from '@dak/domain/bulk';
import { messageFields } from '@dak/domain/messages';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { curlExample } from '../../lib/curl-example';
import { guardBeforeBody, withJsonValues } from '../../lib/routes';
import { type Guards, shopOf } from '../../plugins/auth';
import { batchJsonValues } from '../../plugins/json-body';
import { requiredIdempotencyHeaders, sendIdempotent } from '../parcels/idempotency';
import { bookingOf, exampleBooking, shopParams, shopRoute } from '../parcels/route-options';
import type { BulkParcelsService } from './bulk-parcels.service';
import { readBulkUpload } from './bulk-parcels.upload';
import type { ParcelBatchService } from './parcel-batch.service';

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/**
 * A JSON body of up to 10 000 rows (a shop's highest import limit) is a few MB, above the API's
 * general body limit; these two routes alone take up to 16 MB.
 */
const bulkJsonBodyLimit = 16 * 1024 * 1024;
/**
 * The values (plugins/json-body.ts, jsonValuesOver) the largest legal sheet holds: per row its
 * object and one comma per field, twice over for keys the grid may add; the body's own few.
 * About 240 000: JSON.parse takes ~0.1 s at most; 15 MB of `{}` (5 million) took 2.5 s.
 */
const bulkJsonValues = maxBulkImportLimit * (bulkFields.length + 1) * 2 + 16;
/** 500 bookings of a few hundred bytes each, with room for long addresses and instructions. */
const batchBodyLimit = 2 * 1024 * 1024;

/** Bulk booking from a sheet (issue 4, part 6): template, preview, confirm and the upload log. */
export function bulkParcelsRoutes(deps: {
  bulk: BulkParcelsService;
  batch: ParcelBatchService;
  guards: Guards;
}) {
  return async (app: FastifyInstance) => {
    // Multipart is parsed only in this plugin's routes (the NID plugin has its own).
    await app.register(fastifyMultipart, { throwFileSizeLimit: false });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { bulk } = deps;
    const route = shopRoute(deps.guards);
    // More rows than the shop's import limit: 413 before the schema checks a row (10 000 rows
    // took zod 0.15 s, then the shop's limit of 100 refused them).
    const rowCount = async (request: FastifyRequest) =>
      bulk.checkRowCount(shopOf(request).shopId, (request.body as { rows?: unknown } | undefined)?.rows);

    r.get(
      '/shops/:shopId/parcels/bulk/template',
      route('parcel.create', {
        summary: 'The bulk upload template (.xlsx): the columns and one example row',
        params: shopParams,
      }),
      async (_request, reply) => {
        const bytes = await bulk.template();
        return reply
          .header('content-type', xlsxType)
          .header('content-disposition', 'attachment; filename="parcels_template.xlsx"')
          .send(bytes);
      },
    );

    r.post(
      '/shops/:shopId/parcels/bulk/preview',
      {
        ...withJsonValues(
          bulkJsonValues,
          guardBeforeBody({
            ...route('parcel.create', {
              summary: 'Check a sheet of parcels row by row without booking',
              description:
                'multipart/form-data with `file` (.xlsx or .csv, at most 5 MB; `format` dak, shopify or ' +
                'woocommerce, detected from the headers when absent; `pickupLocationId` optional) or JSON ' +
                '`{rows, pickupLocationId?}`. Each row is checked with the booking schema; a missing ' +
                'delivery area is read from the address for shops with area-prediction-bulk. With a pickup ' +
                'location the charge is checked too. 413 PAYLOAD_TOO_LARGE over the shop’s import limit.',
              consumes: ['multipart/form-data', 'application/json'],
              params: shopParams,
              response: { 200: bulkPreviewSchema },
            }),
            bodyLimit: bulkJsonBodyLimit,
          }),
        ),
        // After the guard (onRequest) and the parse, before the schema.
        preValidation: rowCount,
      },
      async (request) => {
        const { shopId } = shopOf(request);
        if (request.isMultipart()) {
          const upload = await readBulkUpload(request);
          const result = await bulk.preview(shopId, upload.rows, upload.pickupLocationId);
          return { format: upload.format, ...result };
        }
        const parsed = bulkPreviewJsonSchema.safeParse(request.body);
        if (!parsed.success) {
          const fields = parsed.error.issues.map((i) => ({
            path: ['body', ...i.path].join('.'),
            message: i.message,
            ...messageFields(i.message),
          }));
          throw new AppError('VALIDATION_FAILED', fields[0]?.message ?? 'Invalid body', { fields });
        }
        const result = await bulk.preview(shopId, parsed.data.rows, parsed.data.pickupLocationId);
        return { format: 'dak' as const, ...result };
      },
    );

    r.post(
      '/shops/:shopId/parcels/bulk/confirm',
      {
        ...withJsonValues(
          bulkJsonValues,
          guardBeforeBody({
            ...route('parcel.create', {
              summary: 'Book every row of a checked sheet, or none',
              description:
                'Needs the pickup location and sellingPriceAcknowledged: true (spec 5). Rows are checked ' +
                'again; any invalid row answers 400 VALIDATION_FAILED with details.rows and books nothing. ' +
                'Otherwise all rows are booked (500 per transaction) and the tracking IDs come back in row order. ' +
                'Idempotency-Key is required (one per sheet, the same on a retry): a retry of the same body ' +
                'answers with the first answer (header idempotent-replayed: true); the key with another body is ' +
                '409 IDEMPOTENCY_KEY_REUSED; while the first is still booking, 409 CONFLICT.',
              params: shopParams,
              headers: requiredIdempotencyHeaders(bulkMessages.idempotencyKeyRequired),
              body: bulkConfirmSchema,
              response: { 201: bulkConfirmedSchema },
            }),
            bodyLimit: bulkJsonBodyLimit,
          }),
        ),
        // After the guard (onRequest) and the parse, before the schema.
        preValidation: rowCount,
      },
      async (request, reply) => sendIdempotent(reply, await bulk.confirm(bookingOf(request))),
    );

    r.post(
      '/shops/:shopId/parcels/batch',
      withJsonValues(
        batchJsonValues,
        guardBeforeBody({
          ...route(
            'parcel.create',
            {
              tags: ['parcels', 'developer-api'],
              summary: 'Book up to 500 parcels in one call: every row booked or refused on its own, in order',
              description:
                'Each of `parcels` is a single booking’s body. The answer is synchronous: `results[i]` is ' +
                '`{ok: true, trackingId}` or `{ok: false, errors: [{field, message, key}]}` for `parcels[i]`; ' +
                'a refused row books nothing, the others are booked. Idempotency-Key is required: a retry ' +
                'with the same key and body answers the first answer and books nothing (header ' +
                'idempotent-replayed: true); the key with another body is 409 IDEMPOTENCY_KEY_REUSED. ' +
                'API keys need the parcels:write scope.\n\n' +
                curlExample('POST', '/shops/$SHOP/parcels/batch', {
                  headers: { 'Idempotency-Key': 'order-sync-2026-11-30-1' },
                  body: { parcels: [exampleBooking] },
                }),
              params: shopParams,
              headers: requiredIdempotencyHeaders(parcelBatchMessages.idempotencyKeyRequired),
              body: parcelBatchSchema,
              response: { 200: parcelBatchResultSchema },
            },
            { apiKey: 'parcels:write' },
          ),
          bodyLimit: batchBodyLimit,
        }),
      ),
      async (request, reply) => sendIdempotent(reply, await deps.batch.book(bookingOf(request))),
    );

    r.get(
      '/shops/:shopId/parcels/bulk/logs',
      route('parcel.view', {
        summary: 'The shop’s bulk uploads, newest first, with their counts',
        params: shopParams,
        querystring: bulkLogQuerySchema,
        response: { 200: bulkLogListSchema },
      }),
      (request) => bulk.logs(shopOf(request).shopId, request.query),
    );
  };
}
