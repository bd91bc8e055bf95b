import {
  type ApiKeyScope,
  apiKeyIdPattern,
  formatApiKeyToken,
  missingScopeMessage,
} from '@dak/domain/api-keys';
import {
  steadfastDeliveryStatuses,
  steadfastMessages,
  steadfastOrderSchema,
  steadfastReturnStatuses,
} from '@dak/domain/compat/steadfast';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import type { ApiKeyAuthenticator } from '../../plugins/auth';
import { batchJsonValues } from '../../plugins/json-body';
import type { CompatSteadfastService } from './compat-steadfast.service';

export const steadfastBasePath = '/compat/steadfast/api/v1';

/** 500 orders of a few hundred bytes each, as the developer API's batch allows. */
const bulkBodyLimit = 2 * 1024 * 1024;

const tags = ['compat-steadfast'];
const security = [{ steadfastApiKey: [], steadfastSecretKey: [] }];

/** The curl of a route, as its description ends. */
const curl = (method: string, path: string, body?: string) =>
  `\n\n    curl ${method === 'GET' ? '' : `-X ${method} `}https://dak.example${steadfastBasePath}${path} \\\n` +
  '      -H "Api-Key: $DAK_KEY_ID" -H "Secret-Key: $DAK_SECRET" -H "Content-Type: application/json"' +
  (body ? ` \\\n      -d '${body}'` : '');

const deliveryStatus = z.enum(steadfastDeliveryStatuses);
const consignmentSchema = z.object({
  consignment_id: z.number().int(),
  invoice: z.string().nullable(),
  tracking_code: z.string(),
  recipient_name: z.string(),
  recipient_phone: z.string(),
  recipient_address: z.string(),
  cod_amount: z.number(),
  status: deliveryStatus,
  note: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
const bulkRowSchema = z.object({
  invoice: z.string().nullable(),
  recipient_name: z.string().nullable(),
  recipient_address: z.string().nullable(),
  recipient_phone: z.string().nullable(),
  cod_amount: z.string().nullable(),
  note: z.string().nullable(),
  consignment_id: z.number().int().nullable(),
  tracking_code: z.string().nullable(),
  status: z.enum(['success', 'error']),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
const statusSchema = z.object({
  status: z.literal(200),
  delivery_status: deliveryStatus,
  tracking_code: z.string(),
});
const returnRequestSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  consignment_id: z.number().int(),
  invoice: z.string().nullable(),
  tracking_code: z.string(),
  reason: z.string().nullable(),
  status: z.enum(steadfastReturnStatuses),
  created_at: z.string(),
  updated_at: z.string(),
});
const paymentSchema = z.object({
  id: z.number().int(),
  payment_id: z.string(),
  amount: z.number(),
  status: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
const paymentDetailSchema = paymentSchema.extend({
  consignments: z.array(
    z.object({
      id: z.number().int(),
      consignment_id: z.number().int(),
      invoice: z.string().nullable(),
      tracking_code: z.string(),
      cod_amount: z.number(),
      delivery_charge: z.number(),
      net_amount: z.number(),
      status: z.string(),
    }),
  ),
});
const policeStationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_bn: z.string(),
  district: z.string(),
  district_bn: z.string(),
  postcode: z.string().nullable(),
  dak_area_id: z.string(),
});
const ok = <T extends z.ZodRawShape>(shape: T) => z.object({ status: z.literal(200), ...shape });

/**
 * Errors in Steadfast's shapes. The error handler answers in Dak's shape (`{error: {code, message,
 * details}}`); this re-envelops that answer for the peer's clients: 401 `{message: "Unauthenticated."}`,
 * a refused field `{status: 400, message, errors: {field: [message]}}`, anything else
 * `{status, message}` — with the same HTTP status, and Retry-After kept on a 429.
 */
function steadfastErrorBody(statusCode: number, error: { message?: string; details?: unknown }) {
  if (statusCode === 401) return { message: steadfastMessages.unauthenticated };
  const fields = (error.details as { fields?: { path?: string; message?: string }[] } | undefined)?.fields;
  if (statusCode === 400 && fields?.length) {
    const errors: Record<string, string[]> = {};
    for (const f of fields) {
      const name = (f.path ?? 'data').replace(/^(body|params|querystring|headers)\.?/, '') || 'data';
      const list = errors[name] ?? [];
      if (f.message && !list.includes(f.message)) list.push(f.message);
      errors[name] = list;
    }
    return { status: 400, message: error.message ?? 'Invalid request', errors };
  }
  return { status: statusCode, message: error.message ?? 'Request failed' };
}

/**
 * Steadfast's merchant API at /compat/steadfast/api/v1 (issue 15, item 4): a shop's Dak key pair
 * as `Api-Key` (the key ID) and `Secret-Key` (the secret), checked by the API-key service like a
 * `dak_…` token (same hash, revocation, per-key rate limit); each route names the scopes it takes.
 */
export function compatSteadfastRoutes(deps: {
  steadfast: CompatSteadfastService;
  apiKeys: ApiKeyAuthenticator;
}) {
  const { steadfast } = deps;

  /** The key of the request, with one of `scopes`; sets the principal (the key's shop and owner). */
  function keyWith(scopes: readonly ApiKeyScope[]) {
    return async (request: FastifyRequest) => {
      const keyId = request.headers['api-key'];
      const secret = request.headers['secret-key'];
      if (typeof keyId !== 'string' || typeof secret !== 'string' || !apiKeyIdPattern.test(keyId.trim())) {
        throw new AppError('UNAUTHENTICATED', steadfastMessages.unauthenticated);
      }
      const key = await deps.apiKeys.authenticate(formatApiKeyToken(keyId.trim(), secret.trim()), request.ip);
      if (!key) throw new AppError('UNAUTHENTICATED', steadfastMessages.unauthenticated);
      if (scopes.length > 0 && !scopes.some((s) => key.scopes.includes(s))) {
        throw new AppError('FORBIDDEN', missingScopeMessage(scopes[0] as ApiKeyScope));
      }
      request.principal = { kind: 'apiKey', ...key };
    };
  }
  const keyOf = (request: FastifyRequest) => {
    const p = request.principal;
    if (p?.kind !== 'apiKey') throw new AppError('UNAUTHENTICATED', steadfastMessages.unauthenticated);
    return { shopId: p.shopId, userId: p.userId };
  };
  const reading: ApiKeyScope[] = ['parcels:read', 'tracking'];
  const writing: ApiKeyScope[] = ['parcels:write'];

  return async (app: FastifyInstance) => {
    // PHP clients often post a form (`wp_remote_post` with an array body), which Steadfast takes.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    app.addHook('onSend', async (request, reply: FastifyReply, payload) => {
      reply.header('cache-control', 'no-store');
      if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
      let body: { error?: { message?: string; details?: unknown } };
      try {
        body = JSON.parse(payload);
      } catch {
        return payload;
      }
      if (!body?.error) return payload;
      request.log.info({ code: reply.statusCode }, 'steadfast-compatible request refused');
      return JSON.stringify(steadfastErrorBody(reply.statusCode, body.error));
    });
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/create_order',
      {
        preValidation: keyWith(writing),
        schema: {
          tags,
          security,
          summary: 'Steadfast create_order: book one parcel',
          description:
            'Steadfast’s body. `recipient_address` is read into a Dak delivery area; an address that does ' +
            'not name its area clearly is refused (400, `errors.recipient_address`), never booked to a ' +
            'guess. `invoice` is unique per shop: the same order sent again answers its consignment, ' +
            'another order with it is refused. The shop’s first active pickup location picks up. Needs ' +
            'the parcels:write scope.' +
            curl(
              'POST',
              '/create_order',
              '{"invoice":"230822-1","recipient_name":"John Smith","recipient_phone":"01712345678",' +
                '"recipient_address":"House 5, Road 3, Gulshan 1, Dhaka","cod_amount":1060,"note":"Deliver within 3PM"}',
            ),
          body: steadfastOrderSchema,
          response: { 200: ok({ message: z.string(), consignment: consignmentSchema }) },
        },
      },
      async (request, reply) => {
        const { consignment, replayed } = await steadfast.createOrder({
          ...keyOf(request),
          body: request.body,
        });
        if (replayed) reply.header('idempotent-replayed', 'true');
        return { status: 200 as const, message: steadfastMessages.created, consignment };
      },
    );

    r.post(
      '/create_order/bulk-order',
      {
        // The key is checked before the 2 MB body is read (lib/routes.ts guardBeforeBody).
        onRequest: keyWith(writing),
        bodyLimit: bulkBodyLimit,
        // Values counted before the body is parsed (plugins/json-body.ts): 413 over 500 bookings' worth.
        config: { maxJsonValues: batchJsonValues },
        schema: {
          tags,
          security,
          summary: 'Steadfast bulk-order: up to 500 orders, each booked or refused on its own',
          description:
            '`data` is the array of create_order bodies or that array as a JSON string (as Steadfast’s own ' +
            'SDKs send it). The answer is Steadfast’s bare array, a row per order in input order, with ' +
            '`consignment_id` and `tracking_code` (Dak’s tracking ID) on each booked row and, on a refused ' +
            'row, `status: "error"` with its reasons in `errors` (Steadfast gives none). Needs parcels:write.' +
            curl(
              'POST',
              '/create_order/bulk-order',
              '{"data":"[{\\"invoice\\":\\"230822-2\\",\\"recipient_name\\":\\"John Smith\\",' +
                '\\"recipient_phone\\":\\"01712345678\\",\\"recipient_address\\":\\"House 5, Road 3, Gulshan 1, Dhaka\\",' +
                '\\"cod_amount\\":1060,\\"note\\":\\"Deliver within 3PM\\"}]"}',
            ),
          body: z.object({
            data: z.union([z.string(), z.array(z.unknown())], {
              error: steadfastMessages.bulkData,
            }),
          }),
          response: { 200: z.array(bulkRowSchema) },
        },
      },
      (request) => steadfast.bulkOrder({ ...keyOf(request), data: request.body.data }),
    );

    const statusRoute = <P extends z.ZodType>(summary: string, example: string, params: P) => ({
      preValidation: keyWith(reading),
      schema: {
        tags,
        security,
        summary,
        description:
          'Steadfast’s `delivery_status` of the shop’s parcel (Dak’s status mapped; see docs/compat-steadfast.md), and ' +
          'Dak’s tracking ID. Another shop’s parcel is not found. Needs parcels:read or tracking.' +
          curl('GET', example),
        params,
        response: { 200: statusSchema },
      },
    });

    r.get(
      '/status_by_cid/:id',
      statusRoute(
        'Steadfast status by consignment ID',
        '/status_by_cid/1424107',
        z.object({ id: z.string() }),
      ),
      async (request) => ({
        status: 200 as const,
        ...(await steadfast.status(keyOf(request).shopId, { consignmentId: request.params.id })),
      }),
    );
    r.get(
      '/status_by_invoice/:invoice',
      statusRoute(
        'Steadfast status by the merchant’s invoice',
        '/status_by_invoice/230822-1',
        z.object({ invoice: z.string().min(1).max(100) }),
      ),
      async (request) => ({
        status: 200 as const,
        ...(await steadfast.status(keyOf(request).shopId, { invoice: request.params.invoice })),
      }),
    );
    r.get(
      '/status_by_trackingcode/:code',
      statusRoute(
        'Steadfast status by tracking code (Dak’s tracking ID)',
        '/status_by_trackingcode/DK7MQ2XH4BK',
        z.object({ code: z.string().min(1).max(40) }),
      ),
      async (request) => ({
        status: 200 as const,
        ...(await steadfast.status(keyOf(request).shopId, { trackingCode: request.params.code })),
      }),
    );

    r.get(
      '/get_balance',
      {
        preValidation: keyWith(['parcels:read']),
        schema: {
          tags,
          security,
          summary: 'Steadfast get_balance: what Dak owes the shop now, from the ledger',
          description:
            'Taka on the shop’s ledger account: collected cash of final parcels less charges, less what ' +
            'was paid out; negative when the shop owes Dak. Needs parcels:read.' +
            curl('GET', '/get_balance'),
          response: { 200: ok({ current_balance: z.number() }) },
        },
      },
      async (request) => ({ status: 200 as const, ...(await steadfast.balance(keyOf(request).shopId)) }),
    );

    r.post(
      '/create_return_request',
      {
        preValidation: keyWith(writing),
        schema: {
          tags,
          security,
          summary: 'Steadfast create_return_request: take back a parcel whose delivery failed',
          description:
            'One of `consignment_id`, `invoice`, `tracking_code`, and an optional `reason`. Dak starts the ' +
            'parcel’s return leg (as the merchant’s "return" decision on a failed delivery); a parcel ' +
            'already on its way back answers its request. The request’s id is the consignment ID. ' +
            'Needs parcels:write.' +
            curl(
              'POST',
              '/create_return_request',
              '{"consignment_id":1424107,"reason":"Customer cancelled"}',
            ),
          body: z.object({
            consignment_id: z.union([z.number(), z.string()]).optional(),
            invoice: z.string().optional(),
            tracking_code: z.string().optional(),
            reason: z.string().max(500).optional(),
          }),
          response: { 200: returnRequestSchema },
        },
      },
      (request) => steadfast.createReturnRequest({ ...keyOf(request), body: request.body }),
    );

    r.get(
      '/get_return_request/:id',
      {
        preValidation: keyWith(reading),
        schema: {
          tags,
          security,
          summary: 'Steadfast get_return_request: one return request',
          description:
            'By its id (the consignment ID). Needs parcels:read or tracking.' +
            curl('GET', '/get_return_request/1424107'),
          params: z.object({ id: z.string() }),
          response: { 200: returnRequestSchema },
        },
      },
      (request) => steadfast.returnRequest(keyOf(request).shopId, request.params.id),
    );

    r.get(
      '/get_return_requests',
      {
        preValidation: keyWith(reading),
        schema: {
          tags,
          security,
          summary: 'Steadfast get_return_requests: the shop’s parcels on their way back or returned',
          description:
            'Newest first, at most 500. Needs parcels:read or tracking.' +
            curl('GET', '/get_return_requests'),
          response: { 200: z.array(returnRequestSchema) },
        },
      },
      (request) => steadfast.returnRequests(keyOf(request).shopId),
    );

    r.get(
      '/payments',
      {
        preValidation: keyWith(['parcels:read']),
        schema: {
          tags,
          security,
          summary: 'Steadfast payments: the shop’s payouts (Dak invoices), newest first',
          description:
            '`{status: 200, data: [...]}`; `id` is a stable number for GET /payments/{id}, `payment_id` ' +
            'the invoice number. Needs parcels:read.' +
            curl('GET', '/payments'),
          response: { 200: ok({ data: z.array(paymentSchema) }) },
        },
      },
      async (request) => ({ status: 200 as const, data: await steadfast.payments(keyOf(request).shopId) }),
    );

    r.get(
      '/payments/:paymentId',
      {
        preValidation: keyWith(['parcels:read']),
        schema: {
          tags,
          security,
          summary: 'Steadfast payment: one payout with its consignments',
          description:
            'Each consignment with the cash collected, Dak’s charges and its net. Needs parcels:read.' +
            curl('GET', '/payments/184726351'),
          params: z.object({ paymentId: z.string() }),
          response: { 200: ok({ data: paymentDetailSchema }) },
        },
      },
      async (request) => ({
        status: 200 as const,
        data: await steadfast.payment(keyOf(request).shopId, request.params.paymentId),
      }),
    );

    r.get(
      '/police_stations',
      {
        preValidation: keyWith([]),
        schema: {
          tags,
          security,
          summary: 'Steadfast police_stations: Dak’s delivery areas (thanas, upazilas, city areas)',
          description:
            'Every area Dak delivers in, with a stable numeric id, its names, district and postcode, and ' +
            'Dak’s own area id. Any valid key.' +
            curl('GET', '/police_stations'),
          response: { 200: ok({ data: z.array(policeStationSchema) }) },
        },
      },
      async () => ({ status: 200 as const, data: await steadfast.policeStations() }),
    );
  };
}
