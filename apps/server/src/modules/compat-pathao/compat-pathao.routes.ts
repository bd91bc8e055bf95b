import type { ApiKeyScope } from '@dak/domain/api-keys';
import {
  pathaoBulkSchema,
  pathaoMessages,
  pathaoOrderStatuses,
  pathaoPerPage,
  pathaoPricePlanSchema,
  pathaoStoreCreateSchema,
  pathaoTokenRequestSchema,
} from '@dak/domain/compat/pathao';
import { errorStatus } from '@dak/domain/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardBeforeBody } from '../../lib/routes';
import { asAppError } from '../../plugins/error-handler';
import { batchJsonValues } from '../../plugins/json-body';
import { type CompatPathaoService, type PathaoCaller, pathaoFieldOfDak } from './compat-pathao.service';

/** Where the routes are mounted: a Pathao client's base URL is `https://<dak>/compat/pathao`. */
export const compatPathaoPrefix = '/compat/pathao/aladdin/api/v1';
const base = 'https://dak.example/compat/pathao/aladdin/api/v1';
const tags = ['compat-pathao'];

/** Pathao's envelope around every answer. */
const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ message: z.string(), type: z.literal('success'), code: z.number().int(), data });
const ok = <T, C extends number = 200>(message: string, data: T, code = 200 as C) => ({
  message,
  type: 'success' as const,
  code,
  data,
});

const errorEnvelope = z.object({
  message: z.string(),
  type: z.literal('error'),
  code: z.number().int(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
const errorResponses = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 422: errorEnvelope };

const listOf = <T extends z.ZodType>(item: T) => envelope(z.object({ data: z.array(item) }));

const tokenSchema = z.object({
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  access_token: z.string(),
  refresh_token: z.string(),
});

const storeSchema = z.object({
  store_id: z.number().int(),
  store_name: z.string(),
  store_address: z.string(),
  is_active: z.number().int(),
  city_id: z.number().int(),
  zone_id: z.number().int(),
  hub_id: z.number().int().nullable(),
  is_default_store: z.boolean(),
  is_default_return_store: z.boolean(),
});

const storePageSchema = z.object({
  data: z.array(storeSchema),
  total: z.number().int(),
  current_page: z.number().int(),
  per_page: z.number().int(),
  total_in_page: z.number().int(),
  last_page: z.number().int(),
  path: z.string(),
  to: z.number().int().nullable(),
  from: z.number().int().nullable(),
  last_page_url: z.string(),
  first_page_url: z.string(),
});

const orderStatus = z.enum(pathaoOrderStatuses);
const fieldErrors = z.record(z.string(), z.array(z.string()));

const bulkRowSchema = z.object({
  consignment_id: z.string().nullable(),
  merchant_order_id: z.string().nullable(),
  status: z.enum(['success', 'error']),
  errors: fieldErrors.optional(),
});

/** Bodies are Pathao's: their rules and per-field errors come from the domain schemas. */
const idParam = (name: string) => z.object({ [name]: z.coerce.number().int().positive() });

const curl = (method: string, path: string, body?: string) =>
  `\n\n    curl -X ${method} ${base}${path} \\\n      -H "Authorization: Bearer $ACCESS_TOKEN"` +
  (body ? ` -H "Content-Type: application/json" \\\n      -d '${body}'` : '');

function bearer(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** A Pathao error: `{message, type: "error", code}`, with `errors: {field: [message]}` on a 422. */
function sendError(reply: FastifyReply, status: number, message: string, errors?: Record<string, string[]>) {
  return reply
    .status(status)
    .type('application/json')
    .send({ message, type: 'error', code: status, ...(errors ? { errors } : {}) });
}

function push(errors: Record<string, string[]>, field: string, message: string) {
  errors[field] = [...(errors[field] ?? []), message];
}

function fieldOf(path: string): string {
  const name = path.split('.').filter(Boolean).pop() ?? path;
  return pathaoFieldOfDak[name] ?? name;
}

/**
 * Errors in Pathao's envelope for these routes only: field refusals (Dak's `details.fields`, the
 * schemas' issues) as 422 with `errors`, every other AppError by its status. Anything else goes on
 * to the API's one error handler (logged and masked there).
 */
function registerPathaoErrors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const known = asAppError(error);
    if (known) {
      const fields = (known.details as { fields?: { path: string; message: string }[] } | undefined)?.fields;
      if (known.code === 'VALIDATION_FAILED' || fields) {
        const errors: Record<string, string[]> = {};
        for (const f of fields ?? []) push(errors, fieldOf(f.path), f.message);
        return sendError(reply, 422, pathaoMessages.validation, fields ? errors : { body: [known.message] });
      }
      const wait = (known.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
      if (typeof wait === 'number') reply.header('retry-after', String(wait));
      return sendError(reply, errorStatus[known.code], known.message);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.split('/').filter(Boolean)[0] ?? error.validationContext ?? 'body';
        push(errors, field, issue.message ?? 'Invalid value');
      }
      return sendError(reply, 422, pathaoMessages.validation, errors);
    }
    throw error;
  });
}

/**
 * The Pathao merchant API's routes (issue 15, item 4) at /compat/pathao/aladdin/api/v1. Every
 * route but issue-token takes the access token; order routes also the key's scope.
 */
export function compatPathaoRoutes(deps: { pathao: CompatPathaoService; publicUrl: string | undefined }) {
  const { pathao } = deps;
  return async (app: FastifyInstance) => {
    registerPathaoErrors(app);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const callers = new WeakMap<FastifyRequest, PathaoCaller>();
    /** Checks the access token (and the key's scope) before the body is looked at. */
    const guard = (scope?: ApiKeyScope) => ({
      preValidation: async (request: FastifyRequest) => {
        callers.set(request, await pathao.authorize(bearer(request), request.ip, scope));
      },
    });
    const callerOf = (request: FastifyRequest) => {
      const caller = callers.get(request);
      if (!caller) throw new Error('compat-pathao route without its guard');
      return caller;
    };
    const idempotencyKey = (request: FastifyRequest) => {
      const key = request.headers['idempotency-key'];
      return typeof key === 'string' && key.trim() ? key.trim().slice(0, 255) : undefined;
    };

    r.post(
      '/issue-token',
      {
        schema: {
          tags,
          summary: 'Pathao: issue an access token (password or refresh_token grant)',
          description:
            'client_id and client_secret are a Dak API key’s keyId and secret; username and password ' +
            'are the shop owner’s phone (01…, +8801…) and Dak password. The access token lasts ' +
            '432000 s (5 days) like Pathao’s; the refresh token 30 days. Tokens stop working at once ' +
            'when the key is revoked or the user is no longer the shop’s owner. Wrong passwords are ' +
            'limited as on Dak’s sign-in.' +
            `\n\n    curl -X POST ${base}/issue-token -H "Content-Type: application/json" \\\n` +
            '      -d \'{"client_id":"$KEY_ID","client_secret":"$SECRET","grant_type":"password",' +
            '"username":"01712345678","password":"…"}\'',
          body: pathaoTokenRequestSchema,
          response: { 200: tokenSchema, ...errorResponses },
        },
      },
      (request) => pathao.issueToken(request.body, request.ip),
    );

    const cityList = {
      schema: {
        tags,
        summary: 'Pathao: cities (Dak’s 64 districts)',
        description: `city_id is a stable number derived from the district's id.${curl('GET', '/city-list')}`,
        response: {
          200: listOf(z.object({ city_id: z.number().int(), city_name: z.string() })),
          ...errorResponses,
        },
      },
      ...guard(),
    };
    const cities = async () => ok(pathaoMessages.cityList, { data: await pathao.cities() });
    r.get('/city-list', cityList, cities);
    r.get('/countries/1/city-list', { ...cityList, schema: { ...cityList.schema, hide: true } }, cities);

    r.get(
      '/cities/:city_id/zone-list',
      {
        schema: {
          tags,
          summary: 'Pathao: the zones of a city (Dak’s covered delivery areas of the district)',
          description: `Every Dak delivery area is a zone; zone_id is derived from its id.${curl('GET', '/cities/$CITY_ID/zone-list')}`,
          params: idParam('city_id'),
          response: {
            200: listOf(z.object({ zone_id: z.number().int(), zone_name: z.string() })),
            ...errorResponses,
          },
        },
        ...guard(),
      },
      async (request) =>
        ok(pathaoMessages.zoneList, {
          data: await pathao.zones((request.params as { city_id: number }).city_id),
        }),
    );

    r.get(
      '/zones/:zone_id/area-list',
      {
        schema: {
          tags,
          summary: 'Pathao: the areas of a zone (the zone itself: Dak books to the zone’s area)',
          description: `One area per zone, with the same number; availability is Dak's coverage.${curl('GET', '/zones/$ZONE_ID/area-list')}`,
          params: idParam('zone_id'),
          response: {
            200: listOf(
              z.object({
                area_id: z.number().int(),
                area_name: z.string(),
                home_delivery_available: z.boolean(),
                pickup_available: z.boolean(),
              }),
            ),
            ...errorResponses,
          },
        },
        ...guard(),
      },
      async (request) =>
        ok(pathaoMessages.areaList, {
          data: await pathao.areas((request.params as { zone_id: number }).zone_id),
        }),
    );

    r.get(
      '/stores',
      {
        schema: {
          tags,
          summary: 'Pathao: the shop’s stores (Dak pickup locations)',
          description: `store_id is derived from the pickup location's id. Key scope parcels:read.${curl('GET', '/stores?page=1')}`,
          querystring: z.object({ page: z.coerce.number().int().min(1).default(1) }),
          response: { 200: envelope(storePageSchema), ...errorResponses },
        },
        ...guard('parcels:read'),
      },
      async (request) => {
        const page = (request.query as { page: number }).page;
        const { rows, total } = await pathao.stores(callerOf(request).shopId, page);
        const lastPage = Math.max(1, Math.ceil(total / pathaoPerPage));
        // Links from PUBLIC_URL, never from the Host header.
        const path = `${(deps.publicUrl ?? '').replace(/\/$/, '')}${compatPathaoPrefix}/stores`;
        const from = rows.length ? (page - 1) * pathaoPerPage + 1 : null;
        return ok(pathaoMessages.storeList, {
          data: rows,
          total,
          current_page: page,
          per_page: pathaoPerPage,
          total_in_page: rows.length,
          last_page: lastPage,
          path,
          to: from === null ? null : from + rows.length - 1,
          from,
          last_page_url: `${path}?page=${lastPage}`,
          first_page_url: `${path}?page=1`,
        });
      },
    );

    r.post(
      '/stores',
      {
        schema: {
          tags,
          summary: 'Pathao: create a store (a Dak pickup location, active at once)',
          description:
            'Unlike Pathao there is no hour of approval, and the answer has the new store_id too. ' +
            `Key scope parcels:write.${curl(
              'POST',
              '/stores',
              '{"name":"Karim Fashion Mirpur","contact_name":"Karim","contact_number":"01712345678",' +
                '"address":"House 12, Road 5, Mirpur 10, Dhaka","city_id":$CITY_ID,"zone_id":$ZONE_ID,"area_id":$AREA_ID}',
            )}`,
          body: pathaoStoreCreateSchema,
          response: {
            200: envelope(z.object({ store_id: z.number().int(), store_name: z.string() })),
            ...errorResponses,
          },
        },
        ...guard('parcels:write'),
      },
      async (request) =>
        ok(pathaoMessages.storeCreated, await pathao.createStore(callerOf(request), request.body)),
    );

    r.post(
      '/orders',
      {
        schema: {
          tags,
          summary: 'Pathao: create an order (one Dak booking)',
          description:
            'consignment_id is the Dak tracking ID. recipient_city/zone/area are ids from the lists ' +
            'here; without them the address is read by Dak’s area reader, and an address it cannot ' +
            'read confidently is refused (422 on recipient_address), never booked to a guess. ' +
            `An optional Idempotency-Key header makes a retry safe. Key scope parcels:write.${curl(
              'POST',
              '/orders',
              '{"store_id":$STORE_ID,"merchant_order_id":"WC-1001","recipient_name":"Rahima Begum",' +
                '"recipient_phone":"01712345678","recipient_address":"House 5, Road 3, Gulshan 1, Dhaka",' +
                '"delivery_type":48,"item_type":2,"item_quantity":1,"item_weight":"0.5","amount_to_collect":1250}',
            )}`,
          // Rows are checked by the service so a bad field answers as Pathao's 422 does.
          body: z.record(z.string(), z.unknown()),
          response: {
            200: envelope(
              z.object({
                consignment_id: z.string(),
                merchant_order_id: z.string().nullable(),
                order_status: orderStatus,
                delivery_fee: z.number(),
              }),
            ),
            ...errorResponses,
          },
        },
        ...guard('parcels:write'),
      },
      async (request) =>
        ok(
          pathaoMessages.orderCreated,
          await pathao.createOrder(callerOf(request), request.body, idempotencyKey(request)),
        ),
    );

    r.post(
      '/orders/bulk',
      {
        schema: {
          tags,
          summary: 'Pathao: create up to 500 orders; 202 with every row’s consignment_id or errors',
          description:
            'Pathao answers only "accepted" (data: true); Dak books synchronously through its batch ' +
            'and adds `results`, one per order in input order: `{consignment_id, merchant_order_id, ' +
            'status: "success"}` or `{consignment_id: null, status: "error", errors: {field: [message]}}`. ' +
            `An optional Idempotency-Key replays the first answer. Key scope parcels:write.${curl(
              'POST',
              '/orders/bulk',
              '{"orders":[{"store_id":$STORE_ID,"merchant_order_id":"WC-1001","recipient_name":"Rahima Begum",' +
                '"recipient_phone":"01712345678","recipient_address":"House 5, Road 3, Gulshan 1, Dhaka",' +
                '"delivery_type":48,"item_type":2,"item_quantity":1,"item_weight":0.5,"amount_to_collect":1250}]}',
            )}`,
          body: pathaoBulkSchema,
          response: {
            202: z.object({
              message: z.string(),
              type: z.literal('success'),
              code: z.literal(202),
              data: z.literal(true),
              results: z.array(bulkRowSchema),
            }),
            ...errorResponses,
          },
        },
        // The token is checked before the 2 MB body is read (lib/routes.ts guardBeforeBody).
        ...guardBeforeBody(guard('parcels:write')),
        bodyLimit: 2 * 1024 * 1024,
        // Values counted before the body is parsed (plugins/json-body.ts): 413 over 500 bookings' worth.
        config: { maxJsonValues: batchJsonValues },
      },
      async (request, reply) => {
        const results = await pathao.createOrders(
          callerOf(request),
          request.body.orders,
          idempotencyKey(request),
        );
        return reply
          .status(202)
          .send({ ...ok(pathaoMessages.bulkAccepted, true as const, 202 as const), results });
      },
    );

    r.get(
      '/orders/:consignment_id/info',
      {
        schema: {
          tags,
          summary: 'Pathao: an order’s status in Pathao’s words',
          description:
            'order_status from Dak’s status (lost or damaged: On_Hold; every return step: Return). ' +
            `Another shop's order is 404. Key scope parcels:read.${curl('GET', '/orders/$CONSIGNMENT_ID/info')}`,
          params: z.object({ consignment_id: z.string().min(1).max(40) }),
          response: {
            200: envelope(
              z.object({
                consignment_id: z.string(),
                merchant_order_id: z.string().nullable(),
                order_status: orderStatus,
                order_status_slug: z.string(),
                updated_at: z.string(),
                invoice_id: z.string().nullable(),
              }),
            ),
            ...errorResponses,
          },
        },
        ...guard('parcels:read'),
      },
      async (request) =>
        ok(
          pathaoMessages.orderInfo,
          await pathao.orderInfo(
            callerOf(request).shopId,
            (request.params as { consignment_id: string }).consignment_id,
          ),
        ),
    );

    r.post(
      '/merchant/price-plan',
      {
        schema: {
          tags,
          summary: 'Pathao: the shop’s delivery charge from a store to a zone',
          description:
            'Dak’s charge calculator with the shop’s own plan; cod_percentage is its COD fee (0.01 = 1%).' +
            curl(
              'POST',
              '/merchant/price-plan',
              '{"store_id":$STORE_ID,"item_type":2,"delivery_type":48,"item_weight":0.5,' +
                '"recipient_city":$CITY_ID,"recipient_zone":$ZONE_ID}',
            ),
          body: pathaoPricePlanSchema,
          response: {
            200: envelope(
              z.object({
                price: z.number(),
                discount: z.number(),
                promo_discount: z.number(),
                plan_id: z.number().int(),
                cod_enabled: z.number().int(),
                cod_percentage: z.number(),
                additional_charge: z.number(),
                final_price: z.number(),
              }),
            ),
            ...errorResponses,
          },
        },
        ...guard(),
      },
      async (request) =>
        ok(pathaoMessages.price, await pathao.pricePlan(callerOf(request).shopId, request.body)),
    );
  };
}
