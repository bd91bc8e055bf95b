import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the routes' zod schemas; nothing is written by hand. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Dak API',
        description:
          'Parcel delivery and logistics for merchants in Bangladesh. Errors: `{ error: { code, message, details } }`.',
        version: '1.0.0',
      },
      tags: [
        {
          name: 'developer-api',
          description:
            'The developer API (issue 15): a shop owner creates an API key on the Developer APIs screen ' +
            '(`POST /shops/{shopId}/api-keys`, scopes parcels:write, parcels:read, tracking, webhooks) and ' +
            'sends its token as `Authorization: Bearer dak_…`. A key acts as its shop with its scopes only: ' +
            'the routes under this tag say which scope each needs; every other route answers a key 403. ' +
            'Requests are limited per key (429 with Retry-After). A revoked key is refused on its next request.',
        },
        {
          name: 'compat-pathao',
          description:
            'Pathao’s merchant API spoken by Dak (issue 15): set a Pathao plugin’s base URL to ' +
            '`https://<dak>/compat/pathao`, its client id and secret to a Dak API key’s keyId and secret, ' +
            'and its username and password to the shop owner’s phone and Dak password. Answers and ' +
            'errors use Pathao’s `{message, type, code, data}` envelope; field errors are 422 with ' +
            '`errors: {field: [message]}`. City, zone, area and store ids are stable numbers derived ' +
            'from Dak’s ids; consignment_id is the Dak tracking ID.',
        },
      ],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
