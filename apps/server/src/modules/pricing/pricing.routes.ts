import {
  chargeQuerySchema,
  chargeQuoteSchema,
  parcelCategoryListSchema,
  plainChargeQuery,
  pricePlanViewSchema,
} from '@dak/domain/pricing';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { curlExample } from '../../lib/curl-example';
import { withFastPath } from '../../lib/fast-validation';
import { routeOptions } from '../../lib/routes';
import { type Guards, shopOf } from '../../plugins/auth';
import { hotReadLogLevel } from '../../plugins/request-log';
import { type PricingService, type QuoteBody, serialiseQuote } from './pricing.service';

const tags = ['pricing'];

/**
 * Set only on success, so an error is never cached (app.ts marks every other /api reply
 * no-store). A quote is cached briefly: prices change rarely, and the pickup date it carries
 * turns at 15:00; the plan a little longer; the catalogue an hour, like other reference data.
 */
const cacheFor =
  (seconds: number) =>
  <T>(reply: FastifyReply, body: T): T => {
    reply.header('cache-control', `public, max-age=${seconds}`);
    return body;
  };
const quoteCacheControl = 'public, max-age=60';
/** The headers of every public quote, set in one call. */
const quoteHeaders = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': quoteCacheControl,
};

/**
 * A public quote as kept (an ASCII string, or UTF-8 bytes; pricing.service.ts). Only an answer is
 * cached: a refusal was thrown before this is called.
 */
const sendQuote = (reply: FastifyReply, body: QuoteBody) => reply.headers(quoteHeaders).send(body);
const planCache = cacheFor(300);
const referenceCache = cacheFor(3600);

/** The charge calculators (public and per shop), the price plans and the parcel categories. */
export function pricingRoutes(deps: { pricing: PricingService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { pricing, guards } = deps;
    const route = routeOptions({ tags, guards });

    r.get(
      '/charge',
      {
        // Request lines at warn and above only (issue 16, hot reads).
        logLevel: hotReadLogLevel,
        schema: {
          tags,
          summary: 'Public delivery charge calculator: the default plan, parcels up to 10 kg',
          description:
            'Charges are whole taka. 400 WEIGHT_TOO_LOW / WEIGHT_TOO_HIGH for a weight outside 1 g to 10 kg, ' +
            'VALIDATION_FAILED for an unknown area or category, AREA_NOT_COVERED for an area we do not serve, ' +
            '429 RATE_LIMITED past the per-IP limit.',
          querystring: chargeQuerySchema,
          response: { 200: chargeQuoteSchema },
        },
        // A prebuilt serializer of the quote's fields: zod's encode was most of the route's own
        // work (issue 16, hot reads).
        serializerCompiler: () => serialiseQuote,
        // The everyday query checked without zod; anything else, and every error, through zod.
        validatorCompiler: withFastPath('querystring', plainChargeQuery),
      },
      // Sent as kept: serialised once per query while plan, geography and pickup date hold. A
      // kept answer with a hit of the limit in hand is sent without a promise (issue 16).
      (request, reply) => {
        const kept = pricing.keptPublicBody(request.query, request.ip);
        if (kept !== undefined) {
          sendQuote(reply, kept);
          return;
        }
        return pricing.quotePublicBody({ ...request.query, ip: request.ip }).then((body) => {
          sendQuote(reply, body);
        });
      },
    );

    r.get(
      '/shops/:shopId/charge',
      route.shop(
        'shop.view',
        {
          summary: "A parcel's charge under the shop's price plan; any parcel weight up to 200 kg",
          description:
            'Charges are whole taka; errors as for the public calculator. API keys need the ' +
            'parcels:write scope (the charge is what a booking will cost).\n\n' +
            curlExample(
              'GET',
              '/shops/$SHOP/charge?pickupAreaId=dhaka-city--mirpur-10&deliveryAreaId=dhaka-city--gulshan&weight=500&cash=1250',
            ),
          querystring: chargeQuerySchema,
          response: { 200: chargeQuoteSchema },
        },
        { apiKey: 'parcels:write' },
      ),
      (request) => pricing.quoteForShop(shopOf(request).shopId, request.query),
    );

    r.get(
      '/price-plan',
      {
        schema: {
          tags,
          summary: 'The default price plan (amounts in taka), as the public calculator charges',
          querystring: z.object({}),
          response: { 200: pricePlanViewSchema },
        },
      },
      async (_request, reply) => planCache(reply, await pricing.defaultPlanView()),
    );

    r.get(
      '/shops/:shopId/price-plan',
      route.shop('shop.view', {
        summary: "The shop's price plan (its own, or the default), amounts in taka",
        response: { 200: pricePlanViewSchema },
      }),
      (request) => pricing.shopPlanView(shopOf(request).shopId),
    );

    r.get(
      '/parcel-categories',
      {
        schema: {
          tags,
          summary: 'Parcel categories and their variants, with the surcharge (taka) of the default plan',
          querystring: z.object({}),
          response: { 200: parcelCategoryListSchema },
        },
      },
      async (_request, reply) => referenceCache(reply, await pricing.listCategories()),
    );
  };
}
