import {
  blogPostInputSchema,
  blogSlugParamsSchema,
  boothInputSchema,
  faqInputSchema,
  mediaUploadedSchema,
  opsBlogListSchema,
  opsBlogPostSchema,
  opsBoothListSchema,
  opsBoothSchema,
  opsFaqListSchema,
  opsFaqSchema,
  opsTruckTypeListSchema,
  opsTruckTypeSchema,
  publicBlogListSchema,
  publicBlogPostSchema,
  publicBoothListSchema,
  publicBoothQuerySchema,
  publicFaqListSchema,
  publicTruckTypeListSchema,
  truckTypeInputSchema,
} from '@dak/domain/site-content';
import { roomRoles } from '@dak/domain/staff-rooms';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { secured } from '../../lib/routes';
import { okSchema } from '../../lib/schemas';
import { type Guards, staffOf } from '../../plugins/auth';
import type { SiteContentService } from './site-content.service';
import { readImageUpload } from './site-content.upload';

/**
 * Published content may be kept by browsers and proxies for five minutes: staff edits show soon,
 * and a crowd of visitors costs one query per proxy per five minutes. Set only on success.
 */
const contentCache = 'public, max-age=300';
const cacheable = <T>(reply: FastifyReply, body: T): T => {
  reply.header('cache-control', contentCache);
  return body;
};
const idParams = (what: string) => z.object({ id: z.uuid({ error: `${what} not found` }) });
const publicTags = ['public site'];
const opsTags = ['ops'];
const empty = z.object({});
/** A schema fastify does not read types from (see `crud`). */
const untyped = (schema: FastifySchema & Record<string, unknown>): FastifySchema => schema;

/** The public site's content: public reads (no sign-in) and the console's content room. */
export function siteContentRoutes(deps: { content: SiteContentService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    await app.register(fastifyMultipart, { throwFileSizeLimit: false });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { content, guards } = deps;

    // ---------------------------------------------------------------- public reads
    r.get(
      '/public/booths',
      {
        schema: {
          tags: publicTags,
          summary: 'Courier booths (sales points) and hubs where a walk-in sender can send a parcel',
          description:
            '`districtId` lists a district; `areaId` lists the booths in that area and the hub that serves it; `q` searches names and addresses. Booths come first.',
          querystring: publicBoothQuerySchema,
          response: { 200: publicBoothListSchema },
        },
      },
      async (request, reply) => cacheable(reply, await content.publicBooths(request.query)),
    );
    r.get(
      '/public/truck-types',
      {
        schema: {
          tags: publicTags,
          summary: 'Truck types for enterprise rental, with capacity and an indicative price',
          description:
            'Prices are indicative, in whole taka per trip or per day; the real price is quoted per enquiry.',
          querystring: empty,
          response: { 200: publicTruckTypeListSchema },
        },
      },
      async (_request, reply) => cacheable(reply, await content.publicTruckTypes()),
    );
    r.get(
      '/public/faq',
      {
        schema: {
          tags: publicTags,
          summary: 'Published FAQ entries in English and Bengali, in order',
          querystring: empty,
          response: { 200: publicFaqListSchema },
        },
      },
      async (_request, reply) => cacheable(reply, await content.publicFaq()),
    );
    r.get(
      '/public/blog',
      {
        schema: {
          tags: publicTags,
          summary: 'Published blog posts, newest first',
          querystring: empty,
          response: { 200: publicBlogListSchema },
        },
      },
      async (_request, reply) => cacheable(reply, await content.publicBlog()),
    );
    r.get(
      '/public/blog/:slug',
      {
        schema: {
          tags: publicTags,
          summary: 'One published blog post (markdown bodies in English and Bengali); drafts are 404',
          params: blogSlugParamsSchema,
          response: { 200: publicBlogPostSchema },
        },
      },
      async (request, reply) => cacheable(reply, await content.publicPost(request.params.slug)),
    );
    r.get(
      '/public/media/:id',
      {
        schema: {
          tags: publicTags,
          summary: 'An image staff uploaded for the public site (a blog cover)',
          params: idParams('Image'),
        },
      },
      async (request, reply) => {
        const file = await content.media(request.params.id);
        // An id always names the same bytes: cache for a year.
        return reply
          .type(file.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('content-disposition', 'inline')
          .send(file.bytes);
      },
    );

    // ---------------------------------------------------------------- the console's content room
    const editors = { preValidation: guards.staff(roomRoles.content) };
    /**
     * List, add, change and remove, the same for the four kinds. The handlers are typed by the
     * caller's service; fastify cannot follow the generic schemas, so replies are cast (`never`)
     * and checked at run time by the response schemas.
     */
    const crud = <I extends z.ZodType, O extends z.ZodType, L extends z.ZodType>(spec: {
      path: string;
      what: string;
      input: I;
      item: O;
      list: L;
      handlers: {
        list: () => Promise<z.infer<L>>;
        create: (input: z.infer<I>) => Promise<z.infer<O>>;
        update: (id: string, input: z.infer<I>) => Promise<z.infer<O>>;
        remove: (id: string) => Promise<{ ok: true }>;
      };
    }) => {
      const params = idParams(spec.what);
      app.get(
        spec.path,
        {
          ...editors,
          schema: untyped({
            tags: opsTags,
            summary: `Every ${spec.what.toLowerCase()}`,
            ...secured,
            response: { 200: spec.list },
          }),
        },
        () => spec.handlers.list(),
      );
      app.post(
        spec.path,
        {
          ...editors,
          schema: untyped({
            tags: opsTags,
            summary: `Add a ${spec.what.toLowerCase()}`,
            ...secured,
            body: spec.input,
            response: { 201: spec.item },
          }),
        },
        async (request, reply) =>
          reply.status(201).send(await spec.handlers.create(request.body as z.infer<I>)),
      );
      app.put(
        `${spec.path}/:id`,
        {
          ...editors,
          schema: untyped({
            tags: opsTags,
            summary: `Change a ${spec.what.toLowerCase()} (every field)`,
            ...secured,
            params,
            body: spec.input,
            response: { 200: spec.item },
          }),
        },
        (request) => spec.handlers.update((request.params as { id: string }).id, request.body as z.infer<I>),
      );
      app.delete(
        `${spec.path}/:id`,
        {
          ...editors,
          schema: untyped({
            tags: opsTags,
            summary: `Remove a ${spec.what.toLowerCase()}`,
            ...secured,
            params,
            response: { 200: okSchema },
          }),
        },
        (request) => spec.handlers.remove((request.params as { id: string }).id),
      );
    };

    crud({
      path: '/ops/booths',
      what: 'Booth',
      input: boothInputSchema,
      item: opsBoothSchema,
      list: opsBoothListSchema,
      handlers: {
        list: content.listBooths,
        create: content.createBooth,
        update: content.updateBooth,
        remove: content.deleteBooth,
      },
    });
    crud({
      path: '/ops/truck-types',
      what: 'Truck type',
      input: truckTypeInputSchema,
      item: opsTruckTypeSchema,
      list: opsTruckTypeListSchema,
      handlers: {
        list: content.listTruckTypes,
        create: content.createTruckType,
        update: content.updateTruckType,
        remove: content.deleteTruckType,
      },
    });
    crud({
      path: '/ops/faq',
      what: 'FAQ entry',
      input: faqInputSchema,
      item: opsFaqSchema,
      list: opsFaqListSchema,
      handlers: {
        list: content.listFaq,
        create: content.createFaq,
        update: content.updateFaq,
        remove: content.deleteFaq,
      },
    });
    crud({
      path: '/ops/blog',
      what: 'Post',
      input: blogPostInputSchema,
      item: opsBlogPostSchema,
      list: opsBlogListSchema,
      handlers: {
        list: content.listPosts,
        create: content.createPost,
        update: content.updatePost,
        remove: content.deletePost,
      },
    });
    r.get(
      '/ops/blog/:id',
      {
        ...editors,
        schema: {
          tags: opsTags,
          summary: 'One post, draft or published',
          ...secured,
          params: idParams('Post'),
          response: { 200: opsBlogPostSchema },
        },
      },
      (request) => content.post(request.params.id),
    );
    r.post(
      '/ops/media',
      {
        ...editors,
        schema: {
          tags: opsTags,
          summary: 'Upload an image for the public site (a blog cover)',
          description:
            'multipart/form-data with one file `file`: JPEG, PNG or WebP, at most 2 MB, checked by its bytes. Served at the returned `url`.',
          consumes: ['multipart/form-data'],
          ...secured,
          response: { 201: mediaUploadedSchema },
        },
      },
      async (request, reply) => {
        const upload = await readImageUpload(request);
        const stored = await content.uploadImage({ ...upload, staffId: staffOf(request).staffId });
        return reply.status(201).send(stored);
      },
    );
  };
}
