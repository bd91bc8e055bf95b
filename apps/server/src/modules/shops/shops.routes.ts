import { otpSentSchema } from '@dak/domain/auth';
import {
  allShopPermissionsSchema,
  phoneChangeOtpSchema,
  phoneChangeSchema,
  shopCreateSchema,
  shopDetailSchema,
  shopListSchema,
  shopPermissionsSchema,
  shopPublicInfoSchema,
  shopSettingsSchema,
} from '@dak/domain/shop';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeOptions } from '../../lib/routes';
import { type Guards, shopOf, userOf } from '../../plugins/auth';
import type { ShopPhoneField, ShopsService } from './shops.service';

/** A call with nothing to send: no body at all, or an empty object. */
const noBody = z.object({}).nullish();

/** My shops, shop settings, the shop's phones, permissions per shop, and a shop's public card. */
export function shopsRoutes(deps: { shops: ShopsService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { shops, guards } = deps;
    const tags = ['shops'];
    const route = routeOptions({ tags, guards });

    r.post(
      '/shops',
      route.user({
        summary: 'Open a shop; the caller becomes its owner',
        body: shopCreateSchema,
        response: { 201: shopDetailSchema },
      }),
      async (request, reply) => {
        const shop = await shops.create({ ...request.body, userId: userOf(request).userId });
        return reply.status(201).send(shop);
      },
    );

    r.get(
      '/shops',
      route.user({
        summary: 'My shops, the one selected last first',
        response: { 200: shopListSchema },
      }),
      (request) => shops.list(userOf(request).userId),
    );

    // Static, so it is matched before /shops/:shopId.
    r.get(
      '/shops/permissions',
      route.user({
        summary: 'My role and permissions in every shop I work in',
        response: { 200: allShopPermissionsSchema },
      }),
      (request) => shops.allPermissions(userOf(request).userId),
    );

    r.post(
      '/shops/:shopId/select',
      route.shop('shop.view', {
        summary: 'Make this my current shop (first in my list); returns my role and permissions',
        body: noBody,
        response: { 200: shopPermissionsSchema },
      }),
      (request) => shops.select(shopOf(request), userOf(request).userId),
    );

    r.get(
      '/shops/:shopId/permissions',
      route.shop('shop.view', {
        summary: 'My role and permissions in this shop',
        response: { 200: shopPermissionsSchema },
      }),
      (request) => {
        const access = shopOf(request);
        return { role: access.role, permissions: [...access.permissions] };
      },
    );

    r.get(
      '/shops/:shopId',
      route.shop('shop.view', {
        summary: 'The shop and its settings; canBook once it has an active pickup location',
        response: { 200: shopDetailSchema },
      }),
      (request) => shops.detail(shopOf(request)),
    );

    r.patch(
      '/shops/:shopId',
      route.shop('shop.edit', {
        summary: 'Change shop settings',
        body: shopSettingsSchema,
        response: { 200: shopDetailSchema },
      }),
      (request) => shops.update(shopOf(request), request.body),
    );

    const phoneRoutes: { path: string; field: ShopPhoneField; label: string }[] = [
      { path: 'phone', field: 'phone', label: 'shop phone' },
      { path: 'return-phone', field: 'returnPhone', label: 'return phone' },
    ];
    for (const { path, field, label } of phoneRoutes) {
      r.post(
        `/shops/:shopId/${path}/otp`,
        route.shop('shop.edit', {
          summary: `Send a code to the new ${label}`,
          body: phoneChangeOtpSchema,
          response: { 200: otpSentSchema },
        }),
        (request) =>
          shops.requestPhoneOtp({
            shopId: shopOf(request).shopId,
            field,
            phone: request.body.phone,
            ip: request.ip,
          }),
      );
      r.put(
        `/shops/:shopId/${path}`,
        route.shop('shop.edit', {
          summary: `Set the ${label} with the code sent to it`,
          body: phoneChangeSchema,
          response: { 200: shopDetailSchema },
        }),
        (request) => shops.changePhone({ access: shopOf(request), field, ...request.body }),
      );
    }

    r.get(
      '/public/shops/:shopId',
      {
        schema: {
          tags,
          summary: "A shop's public card: name and area only",
          params: z.object({ shopId: z.uuid({ error: 'Shop not found' }) }),
          response: { 200: shopPublicInfoSchema },
        },
      },
      async (request, reply) => {
        const info = await shops.publicInfo(request.params.shopId);
        reply.header('cache-control', 'public, max-age=300');
        return info;
      },
    );
  };
}
