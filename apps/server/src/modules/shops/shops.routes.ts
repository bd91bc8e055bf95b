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
import { type Guards, shopOf, userOf } from '../../plugins/auth';
import type { ShopPhoneField, ShopsService } from './shops.service';

const shopParams = z.object({ shopId: z.uuid() });
/** A call with nothing to send: no body at all, or an empty object. */
const noBody = z.object({}).nullish();

/** My shops, shop settings, the shop's phones, permissions per shop, and a shop's public card. */
export function shopsRoutes(deps: { shops: ShopsService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { shops, guards } = deps;
    const tags = ['shops'];
    const security = [{ bearer: [] }];

    r.post(
      '/shops',
      {
        preValidation: guards.user,
        schema: {
          tags,
          summary: 'Open a shop; the caller becomes its owner',
          security,
          body: shopCreateSchema,
          response: { 201: shopDetailSchema },
        },
      },
      async (request, reply) => {
        const shop = await shops.create({ ...request.body, userId: userOf(request).userId });
        return reply.status(201).send(shop);
      },
    );

    r.get(
      '/shops',
      {
        preValidation: guards.user,
        schema: {
          tags,
          summary: 'My shops, the one selected last first',
          security,
          response: { 200: shopListSchema },
        },
      },
      (request) => shops.list(userOf(request).userId),
    );

    // Static, so it is matched before /shops/:shopId.
    r.get(
      '/shops/permissions',
      {
        preValidation: guards.user,
        schema: {
          tags,
          summary: 'My role and permissions in every shop I work in',
          security,
          response: { 200: allShopPermissionsSchema },
        },
      },
      (request) => shops.allPermissions(userOf(request).userId),
    );

    r.post(
      '/shops/:shopId/select',
      {
        ...guards.shop('shop.view'),
        schema: {
          tags,
          summary: 'Make this my current shop (first in my list); returns my role and permissions',
          security,
          params: shopParams,
          body: noBody,
          response: { 200: shopPermissionsSchema },
        },
      },
      (request) => shops.select(shopOf(request), userOf(request).userId),
    );

    r.get(
      '/shops/:shopId/permissions',
      {
        ...guards.shop('shop.view'),
        schema: {
          tags,
          summary: 'My role and permissions in this shop',
          security,
          params: shopParams,
          response: { 200: shopPermissionsSchema },
        },
      },
      (request) => {
        const access = shopOf(request);
        return { role: access.role, permissions: [...access.permissions] };
      },
    );

    r.get(
      '/shops/:shopId',
      {
        ...guards.shop('shop.view'),
        schema: {
          tags,
          summary: 'The shop and its settings; canBook once it has an active pickup location',
          security,
          params: shopParams,
          response: { 200: shopDetailSchema },
        },
      },
      (request) => shops.detail(shopOf(request)),
    );

    r.patch(
      '/shops/:shopId',
      {
        ...guards.shop('shop.edit'),
        schema: {
          tags,
          summary: 'Change shop settings',
          security,
          params: shopParams,
          body: shopSettingsSchema,
          response: { 200: shopDetailSchema },
        },
      },
      (request) => shops.update(shopOf(request), request.body),
    );

    const phoneRoutes: { path: string; field: ShopPhoneField; label: string }[] = [
      { path: 'phone', field: 'phone', label: 'shop phone' },
      { path: 'return-phone', field: 'returnPhone', label: 'return phone' },
    ];
    for (const { path, field, label } of phoneRoutes) {
      r.post(
        `/shops/:shopId/${path}/otp`,
        {
          ...guards.shop('shop.edit'),
          schema: {
            tags,
            summary: `Send a code to the new ${label}`,
            security,
            params: shopParams,
            body: phoneChangeOtpSchema,
            response: { 200: otpSentSchema },
          },
        },
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
        {
          ...guards.shop('shop.edit'),
          schema: {
            tags,
            summary: `Set the ${label} with the code sent to it`,
            security,
            params: shopParams,
            body: phoneChangeSchema,
            response: { 200: shopDetailSchema },
          },
        },
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
