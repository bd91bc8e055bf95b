import type { Permission } from '@dak/domain/permissions';
import {
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookDeliveryListSchema,
  webhookListSchema,
  webhookSchema,
  webhookUpdateSchema,
} from '@dak/domain/webhooks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { curlExample } from '../../lib/curl-example';
import { bearerSecurity } from '../../lib/routes';
import { noBody, shopParams } from '../../lib/schemas';
import { type Guards, shopOf, userOf } from '../../plugins/auth';
import type { WebhooksService } from './webhooks.service';

const endpointParams = shopParams.extend({ id: z.uuid() });
const deliveryParams = endpointParams.extend({ deliveryId: z.uuid() });
const deliveriesQuery = z.object({
  /** The previous page's `nextBefore`. */
  before: z.string().max(20).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
const queued = z.object({ deliveryId: z.uuid() });

/** How a receiver checks a delivery (also in docs/api.md): Node, about ten lines. */
export const verificationSnippet = [
  "const { createHmac, timingSafeEqual } = require('node:crypto');",
  '// rawBody: the request body exactly as received (a Buffer or string), before any JSON parsing.',
  'function verifyDak(rawBody, header, secret, toleranceSeconds = 300) {',
  "  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=')));",
  '  const t = Number(parts.t);',
  '  if (!t || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the snippet's own template string, shown as text.
  "  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');",
  "  const given = Buffer.from(parts.v1 ?? '', 'hex');",
  "  return given.length === 32 && timingSafeEqual(given, Buffer.from(expected, 'hex'));",
  '}',
  "// verifyDak(req.rawBody, req.headers['dak-signature'], process.env.DAK_WEBHOOK_SECRET)",
].join('\n');

const indent = (text: string) =>
  text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');

/**
 * A shop's webhooks (issue 15, item 3). The owner manages them (`apikey.manage`); an API key with
 * the `webhooks` scope may read the list and the delivery log and send a test event, never create,
 * change, delete or redeliver (the contract's "403 on webhook-admin routes").
 */
export function webhooksRoutes(deps: { webhooks: WebhooksService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { webhooks, guards } = deps;
    const permission: Permission = 'apikey.manage';
    const route = <S extends { summary: string }>(schema: S, keys: 'webhooks' | null = null) => ({
      ...guards.shop(permission, keys ? { apiKey: keys } : {}),
      schema: { tags: ['developer-api'], security: bearerSecurity, params: shopParams, ...schema },
    });
    const curl = (example: string) => `\n\n${example}`;

    r.post(
      '/shops/:shopId/webhooks',
      route({
        summary: 'Add a webhook endpoint: its signing secret is in this answer only',
        description:
          'Events from parcel.status_changed, invoice.created, invoice.paid, invoice.bounced; format ' +
          "`dak` (default) or `steadfast` (Steadfast's callback shape). The URL must be https in " +
          'production and reach a public address (checked after DNS, and again at each delivery). ' +
          'Every delivery is a POST of JSON `{id, type, createdAt, shopId, data}` (`id` is the ' +
          "event's, the same on retries and redeliveries) with the headers Dak-Signature " +
          '(`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the secret>`), Dak-Event, ' +
          'Dak-Event-Id and Dak-Delivery. A 2xx answer within 10 s is success; anything else is ' +
          'retried with back-off for 24 hours. Verify a delivery (Node):\n\n' +
          indent(verificationSnippet) +
          curl(
            curlExample('POST', '/shops/$SHOP/webhooks', {
              token: '$SESSION',
              body: { url: 'https://shop.example/dak-webhook', events: ['parcel.status_changed'] },
            }),
          ),
        body: webhookCreateSchema,
        response: { 201: webhookCreatedSchema },
      }),
      async (request, reply) => {
        const created = await webhooks.create({
          shopId: shopOf(request).shopId,
          userId: userOf(request).userId,
          ...request.body,
        });
        return reply.status(201).send(created);
      },
    );

    r.get(
      '/shops/:shopId/webhooks',
      route(
        {
          summary: "The shop's webhook endpoints (never their secrets)",
          description: curl(curlExample('GET', '/shops/$SHOP/webhooks')),
          response: { 200: webhookListSchema },
        },
        'webhooks',
      ),
      (request) => webhooks.list(shopOf(request).shopId),
    );

    r.patch(
      '/shops/:shopId/webhooks/:id',
      route({
        summary: 'Change events or format, or turn an endpoint off and on again',
        description:
          '`enabled: true` turns on an endpoint that was turned off (by the owner or after 24 hours of ' +
          'failures) and starts its failure count afresh.' +
          curl(
            curlExample('PATCH', '/shops/$SHOP/webhooks/$ID', { token: '$SESSION', body: { enabled: true } }),
          ),
        params: endpointParams,
        body: webhookUpdateSchema,
        response: { 200: webhookSchema },
      }),
      (request) => webhooks.update(shopOf(request).shopId, request.params.id, request.body),
    );

    r.delete(
      '/shops/:shopId/webhooks/:id',
      route({
        summary: 'Delete a webhook endpoint: nothing more is sent to it',
        description: curl(curlExample('DELETE', '/shops/$SHOP/webhooks/$ID', { token: '$SESSION' })),
        params: endpointParams,
        response: { 200: z.object({ id: z.uuid(), deletedAt: z.date() }) },
      }),
      (request) => webhooks.remove(shopOf(request).shopId, request.params.id),
    );

    r.post(
      '/shops/:shopId/webhooks/:id/test',
      route(
        {
          summary: 'Send a test event (webhook.test), signed and logged like any delivery',
          description: curl(curlExample('POST', '/shops/$SHOP/webhooks/$ID/test')),
          params: endpointParams,
          body: noBody,
          response: { 202: queued },
        },
        'webhooks',
      ),
      async (request, reply) =>
        reply.status(202).send(await webhooks.sendTest(shopOf(request).shopId, request.params.id)),
    );

    r.get(
      '/shops/:shopId/webhooks/:id/deliveries',
      route(
        {
          summary: "An endpoint's delivery log, newest first: request, answer (cut), status, attempts",
          description:
            'Pages of `limit` (1–100, 20 by default); pass `nextBefore` as `before` for the next, older page.' +
            curl(curlExample('GET', '/shops/$SHOP/webhooks/$ID/deliveries?limit=50')),
          params: endpointParams,
          querystring: deliveriesQuery,
          response: { 200: webhookDeliveryListSchema },
        },
        'webhooks',
      ),
      (request) => webhooks.deliveries(shopOf(request).shopId, request.params.id, request.query),
    );

    r.post(
      '/shops/:shopId/webhooks/:id/deliveries/:deliveryId/redeliver',
      route({
        summary: 'Send a logged delivery again: the same body and event id, a new timestamp and signature',
        description: curl(
          curlExample('POST', '/shops/$SHOP/webhooks/$ID/deliveries/$DELIVERY/redeliver', {
            token: '$SESSION',
          }),
        ),
        params: deliveryParams,
        body: noBody,
        response: { 202: queued },
      }),
      async (request, reply) =>
        reply
          .status(202)
          .send(
            await webhooks.redeliver(shopOf(request).shopId, request.params.id, request.params.deliveryId),
          ),
    );
  };
}
