import type { Lang, SitePage, SiteProps } from '@dak/domain/public-site';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sitePolicy } from '../../plugins/security-headers';
import { pathIn, siteDocument } from './site.document';
import type { SiteLoaders } from './site.loaders';
import type { SiteRenderer } from './site.renderer';

type Query = Record<string, string | undefined>;

/** The public pages search engines should know, without the language prefix. */
export const sitemapPaths = ['/', '/coverage', '/courier', '/enterprise', '/faq', '/blog'] as const;

/**
 * The public site, rendered on the server: every page at its English path and at /bn + path
 * (separate URLs per language, joined by hreflang), plus sitemap.xml and robots.txt. The
 * merchant panel and the console stay the single-page app at their own paths.
 */
export function siteRoutes(deps: {
  loaders: SiteLoaders;
  renderer: () => Promise<SiteRenderer>;
  publicUrl: string | undefined;
}) {
  const { loaders } = deps;
  const originOf = (request: FastifyRequest) =>
    (deps.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/$/, '');

  return async (app: FastifyInstance) => {
    async function send(
      request: FastifyRequest,
      reply: FastifyReply,
      lang: Lang,
      path: string,
      page: SitePage,
      options: { status?: number; cache?: string } = {},
    ) {
      const [renderer, plan] = await Promise.all([deps.renderer(), loaders.plan()]);
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const props: SiteProps = { lang, path, search: search.length > 500 ? '' : search, plan, page };
      const html = siteDocument({
        props,
        page: renderer.render(props),
        assets: renderer.assets,
        origin: originOf(request),
        noindex: page.name === 'not-found' || page.name === 'track',
      });
      return reply
        .status(options.status ?? 200)
        .header('cache-control', options.cache ?? 'public, max-age=60')
        .header('content-language', lang)
        .header('content-security-policy', sitePolicy)
        .type('text/html; charset=utf-8')
        .send(html);
    }

    for (const lang of ['en', 'bn'] as const) {
      const at = (path: string) => pathIn(lang, path);
      const ip = (request: FastifyRequest) => request.ip;

      app.get(at('/'), async (request, reply) =>
        send(request, reply, lang, '/', await loaders.home(request.query as Query, ip(request)), {
          // A calculation in the address is a personal answer: not kept by shared caches.
          cache: (request.query as Query).from ? 'private, no-cache' : undefined,
        }),
      );
      // The tracking box without script: a GET form to /track?id=…
      app.get(at('/track'), async (request, reply) => {
        const id = ((request.query as Query).id ?? '').trim().toUpperCase().slice(0, 40);
        return reply.redirect(id ? at(`/track/${encodeURIComponent(id)}`) : at('/'), 303);
      });
      app.get<{ Params: { trackingId: string } }>(at('/track/:trackingId'), async (request, reply) => {
        const page = await loaders.track(request.params.trackingId, ip(request));
        // Over the lookup limit is a wait (429, a minute at most), not "no such parcel" (404).
        if (page.rateLimited) reply.header('retry-after', '60');
        return send(request, reply, lang, `/track/${encodeURIComponent(page.trackingId)}`, page, {
          status: page.tracking ? 200 : page.rateLimited ? 429 : 404,
          cache: 'no-cache',
        });
      });
      app.get(at('/coverage'), async (request, reply) =>
        send(request, reply, lang, '/coverage', await loaders.coverage(request.query as Query, ip(request))),
      );
      app.get(at('/courier'), async (request, reply) =>
        send(request, reply, lang, '/courier', await loaders.courier(request.query as Query)),
      );
      app.get(at('/enterprise'), async (request, reply) =>
        send(request, reply, lang, '/enterprise', await loaders.enterprise()),
      );
      app.get(at('/faq'), async (request, reply) => send(request, reply, lang, '/faq', await loaders.faq()));
      app.get(at('/blog'), async (request, reply) =>
        send(request, reply, lang, '/blog', await loaders.blog()),
      );
      app.get<{ Params: { slug: string } }>(at('/blog/:slug'), async (request, reply) => {
        const page = await loaders.blogPost(request.params.slug);
        const path = `/blog/${encodeURIComponent(request.params.slug)}`;
        return page
          ? send(request, reply, lang, path, page)
          : send(request, reply, lang, path, { name: 'not-found' }, { status: 404, cache: 'no-cache' });
      });
    }
    // Any other /bn/… path: the site's own 404 in Bengali (the panel has no Bengali paths).
    app.get('/bn/*', async (request, reply) =>
      send(
        request,
        reply,
        'bn',
        request.url.split('?')[0]?.slice(3) || '/',
        { name: 'not-found' },
        {
          status: 404,
          cache: 'no-cache',
        },
      ),
    );

    app.get('/robots.txt', async (request, reply) => {
      const lines = [
        'User-agent: *',
        'Allow: /',
        // The merchant panel and the operations console: signed-in pages, nothing to index.
        ...[
          '/api/',
          '/ops',
          '/dashboard',
          '/parcels',
          '/shops',
          '/settings',
          '/nid',
          '/login',
          '/register',
          '/reset-password',
          '/track/',
          '/bn/track/',
        ].map((path) => `Disallow: ${path}`),
        `Sitemap: ${originOf(request)}/sitemap.xml`,
        '',
      ];
      return reply
        .header('cache-control', 'public, max-age=3600')
        .type('text/plain; charset=utf-8')
        .send(lines.join('\n'));
    });

    app.get('/sitemap.xml', async (request, reply) => {
      const origin = originOf(request);
      const blog = await loaders.blog();
      const posts = blog.name === 'blog' ? blog.posts : [];
      const paths: string[] = [...sitemapPaths, ...posts.map((p) => `/blog/${encodeURIComponent(p.slug)}`)];
      const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
      const urls = paths.flatMap((path) =>
        (['en', 'bn'] as const).map((lang) => {
          const alternates = (['en', 'bn'] as const)
            .map(
              (l) =>
                `<xhtml:link rel="alternate" hreflang="${l}" href="${xmlEscape(origin + pathIn(l, path))}"/>`,
            )
            .join('');
          return `<url><loc>${xmlEscape(origin + pathIn(lang, path))}</loc>${alternates}</url>`;
        }),
      );
      const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join('\n')}
</urlset>
`;
      return reply
        .header('cache-control', 'public, max-age=3600')
        .type('application/xml; charset=utf-8')
        .send(xml);
    });
  };
}
