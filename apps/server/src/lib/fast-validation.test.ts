import { areaSearchQuerySchema, plainAreaSearchQuery } from '@dak/domain/geo';
import { chargeQuerySchema, plainChargeQuery } from '@dak/domain/pricing';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { plainTrackingIdParams } from '../modules/tracking/tracking.routes';
import { registerErrorHandler } from '../plugins/error-handler';
import { withFastPath } from './fast-validation';

/**
 * The hot reads' fast validators (issue 16): each route twice, once with zod alone (as before)
 * and once with the fast path; every query, good or bad, must get the same status and body.
 */
const app = Fastify({ logger: false });
beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const echo = async (request: { query: unknown; params: unknown }) => ({
    query: request.query,
    params: request.params,
  });
  for (const [name, fast] of [
    ['zod', undefined],
    ['fast', true],
  ] as const) {
    r.get(
      `/${name}/charge`,
      {
        schema: { querystring: chargeQuerySchema },
        ...(fast ? { validatorCompiler: withFastPath('querystring', plainChargeQuery) } : {}),
      },
      echo,
    );
    r.get(
      `/${name}/search`,
      {
        schema: { querystring: areaSearchQuerySchema },
        ...(fast ? { validatorCompiler: withFastPath('querystring', plainAreaSearchQuery) } : {}),
      },
      echo,
    );
    r.get(
      `/${name}/tracking/:trackingId`,
      {
        schema: { params: z.object({ trackingId: z.string().max(40) }) },
        ...(fast ? { validatorCompiler: withFastPath('params', plainTrackingIdParams) } : {}),
      },
      echo,
    );
  }
  await app.ready();
});
afterAll(() => app.close());

async function both(path: string) {
  const [zod, fast] = await Promise.all(
    ['zod', 'fast'].map((name) => app.inject({ method: 'GET', url: `/${name}${path}` })),
  );
  return { zod, fast } as { zod: NonNullable<typeof zod>; fast: NonNullable<typeof fast> };
}

describe('hot reads checked without zod', () => {
  it('answer every query, good or bad, as zod alone did: same status, same body', async () => {
    const ids = 'pickupAreaId=dhaka-city--mirpur-10&deliveryAreaId=dhaka-city--gulshan-1';
    const paths = [
      `/charge?${ids}&weight=500&cash=1250`,
      `/charge?${ids}&weight=500`,
      `/charge?${ids}&weight=500&cash=`,
      `/charge?${ids}&weight=500&cash=0125`,
      `/charge?${ids}&weight=500&cash=600000`,
      `/charge?${ids}&weight=5.5`,
      `/charge?${ids}&weight=-5`,
      `/charge?${ids}&weight=500&weight=600`,
      `/charge?${ids}&weight=500&exchange=yes`,
      `/charge?${ids}&weight=500&exchange=true&categoryId=`,
      `/charge?${ids}`,
      '/charge?pickupAreaId=&deliveryAreaId=x&weight=500',
      '/charge',
      '/search?q=mirpur',
      '/search?q=mirpur&limit=10',
      '/search?q=%20mirpur%20',
      '/search?q=',
      '/search?q=mirpur&limit=0',
      '/search?q=mirpur&limit=51',
      '/search?q=mirpur&limit=ten',
      `/search?q=${'x'.repeat(101)}`,
      '/search',
      '/tracking/DK-ABC123',
      `/tracking/${'x'.repeat(41)}`,
    ];
    let refused = 0;
    for (const path of paths) {
      const { zod, fast } = await both(path);
      expect(fast.statusCode, path).toBe(zod.statusCode);
      expect(fast.body, path).toBe(zod.body);
      if (zod.statusCode === 400) refused += 1;
    }
    // The bad ones really were bad: the comparison covers refusals, not only successes.
    expect(refused).toBeGreaterThanOrEqual(14);
  });
});
