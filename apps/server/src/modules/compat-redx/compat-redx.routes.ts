import {
  redxAreasQuerySchema,
  redxAreasSchema,
  redxChargeQuerySchema,
  redxChargeSchema,
  redxErrorOf,
  redxErrorSchema,
  redxParcelCreatedSchema,
  redxParcelCreateSchema,
  redxParcelInfoSchema,
  redxParcelUpdateSchema,
  redxPickupStoreCreatedSchema,
  redxPickupStoreCreateSchema,
  redxPickupStoreInfoSchema,
  redxPickupStoreListSchema,
  redxTrackingSchema,
  redxUpdateResultSchema,
} from '@dak/domain/compat/redx';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ApiKeyAuthenticator, actingUserOf, shopOf } from '../../plugins/auth';
import { nestedTooDeep, tooDeepError } from '../../plugins/json-body';
import { optionalIdempotencyHeaders } from '../parcels/idempotency';
import type { CompatRedxService } from './compat-redx.service';
import { redxGuard } from './redx-auth';

/** Where RedX's API lives in Dak: a RedX client changes only its base URL and token. */
export const redxBasePath = '/compat/redx/v1.0.0-beta';

const base = `https://<dak-host>${redxBasePath}`;
const auth = `-H 'API-ACCESS-TOKEN: Bearer dak_<keyId>_<secret>'`;
/** A route's description with its curl example (the token is the shop's Dak API key). */
const curl = (text: string, example: string) => `${text}\n\n\`\`\`\ncurl ${example}\n\`\`\``;

const errors = { 400: redxErrorSchema, 401: redxErrorSchema, 403: redxErrorSchema, 404: redxErrorSchema };
const trackingParams = z.object({ tracking_id: z.string().max(40) });

/**
 * RedX's OpenAPI v1.0.0-beta (reference section 3) at /compat/redx/v1.0.0-beta, answered by Dak's
 * services. Its bodies are RedX's bare objects; its errors RedX's `{message, errors?}` (with Dak's
 * code), rendered by the one error handler through the routes' `peerErrorBody`.
 */
export function compatRedxRoutes(deps: { redx: CompatRedxService; apiKeys: ApiKeyAuthenticator }) {
  return async (app: FastifyInstance) => {
    const { redx } = deps;
    const guard = redxGuard(deps.apiKeys);
    const tags = ['compat-redx'];
    const security = [{ redxToken: [] }];

    // Every route of this scope answers errors in RedX's shape, and nothing is cached.
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, peerErrorBody: redxErrorOf };
    });
    app.addHook('onSend', async (_request, reply) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    });
    // RedX's own examples send JSON with curl's --data and no Content-Type, which curl labels
    // application/x-www-form-urlencoded: read such a body as the JSON it is (or as a form).
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        const text = String(body).trim();
        if (text === '') return done(null, {});
        if (text.startsWith('{')) {
          if (nestedTooDeep(text)) return done(tooDeepError(), undefined);
          try {
            return done(null, JSON.parse(text));
          } catch {
            const error = Object.assign(new Error('Request body is not valid JSON'), {
              code: 'FST_ERR_CTP_INVALID_JSON_BODY',
              statusCode: 400,
            });
            return done(error, undefined);
          }
        }
        return done(null, Object.fromEntries(new URLSearchParams(text)));
      },
    );

    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/parcel',
      {
        preValidation: guard('parcel.create', ['parcels:write']),
        schema: {
          tags,
          security,
          summary: 'RedX: create a parcel (booked as a Dak parcel under the shop’s plan)',
          description: curl(
            'The key needs parcels:write. `delivery_area_id` is an id from GET /areas (it decides; ' +
              '`delivery_area` is only its name); `pickup_store_id` one from GET /pickup/stores, the ' +
              'oldest active store when omitted. Amounts whole taka, weight grams. An optional ' +
              'Idempotency-Key makes a retry answer the first tracking ID (header idempotent-replayed).',
            `-X POST '${base}/parcel' ${auth} -H 'Content-Type: application/json' \\\n` +
              `  -d '{"customer_name":"Rahima Begum","customer_phone":"01712345678","delivery_area":"Gulshan",` +
              `"delivery_area_id":1234567,"customer_address":"House 5, Road 3, Gulshan 1",` +
              `"merchant_invoice_id":"WC-1001","cash_collection_amount":"1250","parcel_weight":500,` +
              `"instruction":"","value":1200,"pickup_store_id":7654321}'`,
          ),
          headers: optionalIdempotencyHeaders,
          body: redxParcelCreateSchema,
          response: { 200: redxParcelCreatedSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { replayed, ...answer } = await redx.createParcel({
          shopId: shopOf(request).shopId,
          userId: actingUserOf(request).userId,
          body: request.body,
          idempotencyKey: request.headers['idempotency-key'],
        });
        if (replayed) reply.header('idempotent-replayed', 'true');
        return answer;
      },
    );

    r.get(
      '/parcel/info/:tracking_id',
      {
        preValidation: guard('parcel.view', ['parcels:read']),
        schema: {
          tags,
          security,
          summary: 'RedX: one parcel of the shop with its RedX status',
          description: curl(
            'The key needs parcels:read. Another shop’s tracking ID is 404. `charge` is the delivery ' +
              'charge (the COD fee apart, as the charge calculator gives it); both invoice spellings are sent.',
            `'${base}/parcel/info/DK7MQ2XH4BK' ${auth}`,
          ),
          params: trackingParams,
          response: { 200: redxParcelInfoSchema, ...errors },
        },
      },
      (request) => redx.parcelInfo(shopOf(request).shopId, request.params.tracking_id),
    );

    r.get(
      '/parcel/track/:tracking_id',
      {
        preValidation: guard('parcel.view', ['tracking', 'parcels:read']),
        schema: {
          tags,
          security,
          summary: 'RedX: the parcel’s timeline, each step in English and Bengali',
          description: curl(
            'The key needs tracking or parcels:read. Only the shop’s own parcels.',
            `'${base}/parcel/track/DK7MQ2XH4BK' ${auth}`,
          ),
          params: trackingParams,
          response: { 200: redxTrackingSchema, ...errors },
        },
      },
      (request) => redx.track(shopOf(request).shopId, request.params.tracking_id),
    );

    r.patch(
      '/parcels',
      {
        preValidation: guard('parcel.edit', ['parcels:write']),
        schema: {
          tags,
          security,
          summary: 'RedX: cancel a parcel that is waiting for pickup',
          description: curl(
            'The key needs parcels:write. Only `property_name: "status"` with `new_value: "cancelled"`; ' +
              'once the parcel is picked up the cancel is refused (409). Cancelling a cancelled parcel ' +
              'answers Request Accepted again.',
            `-X PATCH '${base}/parcels' ${auth} -H 'Content-Type: application/json' \\\n` +
              `  -d '{"entity_type":"parcel-tracking-id","entity_id":"DK7MQ2XH4BK",` +
              `"update_details":{"property_name":"status","new_value":"cancelled","reason":"Customer changed mind"}}'`,
          ),
          body: redxParcelUpdateSchema,
          response: { 200: redxUpdateResultSchema, ...errors, 409: redxErrorSchema },
        },
      },
      (request) =>
        redx.update({
          shopId: shopOf(request).shopId,
          userId: actingUserOf(request).userId,
          body: request.body,
        }),
    );

    r.get(
      '/areas',
      {
        preValidation: guard('shop.view', 'any'),
        schema: {
          tags,
          security,
          summary: 'RedX: delivery areas, all or by post code or district name',
          description: curl(
            'Any live key. Ids are stable numbers derived from Dak’s area ids; a name shared by two ' +
              'areas carries its district. district_name takes any spelling Dak knows (Barisal, Barishal, বরিশাল).',
            `'${base}/areas?district_name=Dhaka' ${auth}`,
          ),
          querystring: redxAreasQuerySchema,
          response: { 200: redxAreasSchema, ...errors },
        },
      },
      (request) => redx.areas(request.query),
    );

    r.post(
      '/pickup/store',
      {
        preValidation: guard('pickup.manage', ['parcels:write']),
        schema: {
          tags,
          security,
          summary: 'RedX: add a pickup store (a Dak pickup location of the shop)',
          description: curl(
            'The key needs parcels:write. area_id from GET /areas; the area must be covered.',
            `-X POST '${base}/pickup/store' ${auth} -H 'Content-Type: application/json' \\\n` +
              `  -d '{"name":"Mirpur warehouse","phone":"01898000999","address":"House 12, Road 5","area_id":1234567}'`,
          ),
          body: redxPickupStoreCreateSchema,
          response: { 200: redxPickupStoreCreatedSchema, ...errors },
        },
      },
      (request) =>
        redx.createPickupStore({
          shopId: shopOf(request).shopId,
          userId: actingUserOf(request).userId,
          body: request.body,
        }),
    );

    r.get(
      '/pickup/stores',
      {
        preValidation: guard('pickup.view', ['parcels:read', 'parcels:write']),
        schema: {
          tags,
          security,
          summary: 'RedX: the shop’s active pickup stores',
          description: curl(
            'The key needs parcels:read or parcels:write.',
            `'${base}/pickup/stores' ${auth}`,
          ),
          response: { 200: redxPickupStoreListSchema, ...errors },
        },
      },
      (request) => redx.pickupStores(shopOf(request).shopId),
    );

    r.get(
      '/pickup/store/info/:pickup_store_id',
      {
        preValidation: guard('pickup.view', ['parcels:read', 'parcels:write']),
        schema: {
          tags,
          security,
          summary: 'RedX: one pickup store of the shop',
          description: curl(
            'The key needs parcels:read or parcels:write. Another shop’s store is 404.',
            `'${base}/pickup/store/info/7654321' ${auth}`,
          ),
          params: z.object({ pickup_store_id: z.string().max(20) }),
          response: { 200: redxPickupStoreInfoSchema, ...errors },
        },
      },
      (request) => redx.pickupStore(shopOf(request).shopId, request.params.pickup_store_id),
    );

    r.get(
      '/charge/charge_calculator',
      {
        preValidation: guard('parcel.view', ['parcels:read', 'parcels:write']),
        schema: {
          tags,
          security,
          summary: 'RedX: the charge of a parcel under the shop’s plan',
          description: curl(
            'The key needs parcels:read or parcels:write. Area ids from GET /areas, weight in grams, ' +
              'whole taka; deliveryCharge and codCharge in taka.',
            `'${base}/charge/charge_calculator?delivery_area_id=1234567&pickup_area_id=7654321&cash_collection_amount=1250&weight=500' ${auth}`,
          ),
          querystring: redxChargeQuerySchema,
          response: { 200: redxChargeSchema, ...errors },
        },
      },
      (request) => redx.charge(shopOf(request).shopId, request.query),
    );
  };
}
