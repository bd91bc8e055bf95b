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
            'Requests are limited per key (429 with Retry-After). A revoked key is refused on its next request. ' +
            'The geography routes here (districts, areas, area search, address prediction) are public: a key ' +
            'sent to them is ignored. Every route under this tag has a curl example (`$SHOP` the shop id, ' +
            "`$TOKEN` the key's token). Guide: docs/api.md in the repository.",
        },
        {
          name: 'compat-redx',
          description:
            'RedX’s merchant API (OpenAPI v1.0.0-beta) spoken by Dak at `/compat/redx/v1.0.0-beta`: a RedX ' +
            'client changes its base URL and puts the shop’s Dak API token in `API-ACCESS-TOKEN: Bearer ' +
            'dak_…`. Bodies are RedX’s bare objects; errors RedX’s `{ message, errors? }` with Dak’s `code`. ' +
            'Area and pickup store ids are stable numbers derived from Dak’s ids.',
        },
        {
          name: 'compat-steadfast',
          description:
            'Steadfast’s merchant API at /compat/steadfast/api/v1 (issue 15): change a Steadfast plugin’s ' +
            'base URL to it and use a Dak API key’s key ID as `Api-Key` and its secret as `Secret-Key`. ' +
            'Answers in Steadfast’s shapes (`{status: 200, …}`); what differs is in docs/compat-steadfast.md.',
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
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'session token or API key (dak_<keyId>_<secret>)',
            description:
              '`Authorization: Bearer <token>`. Either a session token from signing in (the merchant ' +
              'panel, the console) or a shop API key `dak_<keyId>_<secret>`, created by the shop owner ' +
              '(`POST /shops/{shopId}/api-keys`) and shown once. A key is accepted only by the routes ' +
              'tagged developer-api, each with the scope its description names; any other route answers ' +
              'a key 403. Unknown, wrong or revoked token: 401.',
          },
          redxToken: { type: 'apiKey', in: 'header', name: 'API-ACCESS-TOKEN' },
          steadfastApiKey: { type: 'apiKey', in: 'header', name: 'Api-Key' },
          steadfastSecretKey: { type: 'apiKey', in: 'header', name: 'Secret-Key' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
