import {
  bannerInputSchema,
  bannerParamsSchema,
  opsBannerListSchema,
  opsBannerQuerySchema,
  opsBannerSchema,
  shopBannerParamsSchema,
  shopBannerSchema,
  shopBannersSchema,
} from '@dak/domain/banners';
import { roomRoles } from '@dak/domain/staff-rooms';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOptions, secured } from '../../lib/routes';
import { noBody, okSchema } from '../../lib/schemas';
import { type Guards, shopOf, staffOf, userOf } from '../../plugins/auth';
import type { BannersService } from './banners.service';
import { readBannerImage } from './banners.upload';

const opsTags = ['ops'];

/** An image with the type its bytes were checked as; never sniffed, never cached by a proxy. */
const sendImage = (reply: FastifyReply, file: { bytes: Buffer; contentType: string }) =>
  reply
    .type(file.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=3600')
    .header('content-disposition', 'inline')
    .send(file.bytes);

/** Campaign banners: the console's banner room (site content's editors) and the shop's reads. */
export function bannersRoutes(deps: { banners: BannersService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    await app.register(fastifyMultipart, { throwFileSizeLimit: false });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { banners, guards } = deps;
    const editors = { preValidation: guards.staff(roomRoles.banners) };
    const route = routeOptions({ tags: ['banners'], guards });

    // ---------------------------------------------------------------- the console
    r.get(
      '/ops/banners',
      {
        ...editors,
        schema: {
          tags: opsTags,
          summary: 'Every banner, newest first, with its status now',
          ...secured,
          querystring: opsBannerQuerySchema,
          response: { 200: opsBannerListSchema },
        },
      },
      (request) => banners.list(request.query),
    );
    r.post(
      '/ops/banners',
      {
        ...editors,
        schema: {
          tags: opsTags,
          summary: 'Add a header, popup or what\u2019s-new banner',
          description:
            'A header banner ends every other header banner not yet ended, in the same transaction: only one is kept.',
          ...secured,
          body: bannerInputSchema,
          response: { 201: opsBannerSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await banners.create(request.body, staffOf(request).staffId)),
    );
    r.get(
      '/ops/banners/:id',
      {
        ...editors,
        schema: {
          tags: opsTags,
          summary: 'One banner',
          ...secured,
          params: bannerParamsSchema,
          response: { 200: opsBannerSchema },
        },
      },
      (request) => banners.get(request.params.id),
    );
    r.put(
      '/ops/banners/:id',
      {
        ...editors,
        schema: {
          tags: opsTags,
          summary: 'Change a banner not yet ended (every field)',
          description: 'Made a header banner, it ends the other header banner (only one is kept).',
          ...secured,
          params: bannerParamsSchema,
          body: bannerInputSchema,
          response: { 200: opsBannerSchema },
        },
      },
      (request) => banners.update(request.params.id, request.body),
    );
    r.post(
      '/ops/banners/:id/end',
      {
        ...editors,
        schema: {
          tags: opsTags,
          summary: 'End a banner now; it is not shown again',
          ...secured,
          params: bannerParamsSchema,
          body: noBody,
          response: { 200: opsBannerSchema },
        },
      },
      (request) => banners.end(request.params.id),
    );
    r.put(
      '/ops/banners/:id/image',
      {
        ...editors,
        schema: {
          tags: opsTags,
          summary: 'Set a banner\u2019s image',
          description:
            'multipart/form-data with one file `file`: JPEG, PNG or WebP, at most 1 MB, checked by its bytes.',
          consumes: ['multipart/form-data'],
          ...secured,
          params: bannerParamsSchema,
          response: { 200: opsBannerSchema },
        },
      },
      async (request) => banners.setImage(request.params.id, await readBannerImage(request)),
    );
    r.get(
      '/ops/banners/:id/image',
      {
        ...editors,
        schema: { tags: opsTags, summary: 'A banner\u2019s image', ...secured, params: bannerParamsSchema },
      },
      async (request, reply) => sendImage(reply, await banners.opsImage(request.params.id)),
    );

    // ---------------------------------------------------------------- the merchant panel
    r.get(
      '/shops/:shopId/banners',
      route.shop('dashboard.view', {
        summary: 'The live banners for this shop and the signed-in user',
        description:
          'The header banner (one at most), the popups this user has not been shown (on any device), and the what\u2019s-new entries, in the language-free form: both languages\u2019 text.',
        response: { 200: shopBannersSchema },
      }),
      (request) => banners.live({ shopId: shopOf(request).shopId, userId: userOf(request).userId }),
    );
    r.get(
      '/shops/:shopId/banners/:id',
      route.shop('dashboard.view', {
        summary: 'One banner meant for this shop (the spec\u2019s GET /v1/logistics/campaigns/banners/{id})',
        description: 'A banner for other shops, or not started yet, is 404.',
        params: shopBannerParamsSchema,
        response: { 200: shopBannerSchema },
      }),
      (request) =>
        banners.shopBanner({
          shopId: shopOf(request).shopId,
          userId: userOf(request).userId,
          id: request.params.id,
        }),
    );
    r.post(
      '/shops/:shopId/banners/:id/seen',
      route.shop('dashboard.view', {
        summary: 'The user was shown this popup: it is not listed for them again',
        description: 'Idempotent: a second call keeps the first time.',
        params: shopBannerParamsSchema,
        body: noBody,
        response: { 200: okSchema },
      }),
      (request) =>
        banners.markSeen({
          shopId: shopOf(request).shopId,
          userId: userOf(request).userId,
          id: request.params.id,
        }),
    );
    r.get(
      '/shops/:shopId/banners/:id/image',
      route.shop('dashboard.view', {
        summary: 'The image of a banner meant for this shop',
        params: shopBannerParamsSchema,
      }),
      async (request, reply) =>
        sendImage(
          reply,
          await banners.shopImage({
            shopId: shopOf(request).shopId,
            userId: userOf(request).userId,
            id: request.params.id,
          }),
        ),
    );
  };
}
