import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { bookingMerchant, bookParcel } from '../../test/operations-fixtures';
import { buildApp } from '../app';

/**
 * A web build as the server reads it: the SPA's index.html (the source one, which the build only
 * gives hashed file names) and a manifest naming the public site's script, so public pages are
 * served with their props and script tags, as in production.
 */
function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dak-web-'));
  mkdirSync(join(dir, '.vite'));
  mkdirSync(join(dir, 'assets'));
  copyFileSync(fileURLToPath(new URL('../../../web/index.html', import.meta.url)), join(dir, 'index.html'));
  writeFileSync(
    join(dir, '.vite/manifest.json'),
    JSON.stringify({
      'src/site/entry-client.tsx': { file: 'assets/site-abc.js', css: ['assets/site-abc.css'], imports: [] },
    }),
  );
  return dir;
}

type ScriptTag = { attributes: string; body: string };

/** Every <script> element of a document, with its attribute text and content. */
function scriptsOf(html: string): ScriptTag[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)].map((m) => ({
    attributes: m[1] ?? '',
    body: m[2] ?? '',
  }));
}

/**
 * What a strict script-src would refuse in a page: a script with content that the browser would
 * run (anything but JSON data), an inline event handler, a javascript: URL.
 */
function inlineExecutable(html: string): string[] {
  const found: string[] = [];
  for (const script of scriptsOf(html)) {
    const type = /\btype\s*=\s*"([^"]*)"/i.exec(script.attributes)?.[1]?.toLowerCase();
    const isData = type === 'application/json';
    const hasSrc = /\bsrc\s*=/i.test(script.attributes);
    if (!isData && (!hasSrc || script.body.trim() !== '')) found.push(`<script${script.attributes}>`);
  }
  for (const m of html.matchAll(/<[a-z][^>]*\son[a-z]+\s*=/gi)) found.push(m[0]);
  if (/javascript:/i.test(html)) found.push('javascript: URL');
  return found;
}

const cspOf = (headers: Record<string, unknown>) => String(headers['content-security-policy'] ?? '');
const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d === name || d.startsWith(`${name} `));

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fakeWebDist();
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the Content-Security-Policy', () => {
  it('is on public pages, the SPA, the API and errors, with only our own scripts', async () => {
    for (const url of [
      '/',
      '/bn',
      '/login',
      '/ops',
      '/api/v1/health',
      '/api/v1/no-such-route',
      '/api/docs',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = cspOf(res.headers);
      expect(directive(csp, 'script-src'), url).toBe("script-src 'self'");
      expect(directive(csp, 'object-src'), url).toBe("object-src 'none'");
      expect(directive(csp, 'base-uri'), url).toBe("base-uri 'self'");
      expect(directive(csp, 'frame-ancestors'), url).toBe("frame-ancestors 'none'");
      expect(directive(csp, 'form-action'), url).toBe("form-action 'self'");
      expect(directive(csp, 'connect-src'), url).toBe("connect-src 'self'");
      expect(csp, url).not.toContain('unsafe-eval');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('lets the SPA write styles at run time (antd) but not the public site', async () => {
    const spa = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(spa.headers['content-type']).toContain('text/html');
    expect(directive(cspOf(spa.headers), 'style-src')).toBe("style-src 'self' 'unsafe-inline'");
    const site = await t.app.inject({ method: 'GET', url: '/coverage' });
    expect(directive(cspOf(site.headers), 'style-src')).toBe("style-src 'self'");
  });

  it('no served HTML page has an inline script: home, /bn, a track page, the SPA', async () => {
    const merchant = await bookingMerchant(t);
    const { trackingId } = await bookParcel(t, merchant, { customerPhone: '01912345678' });
    for (const url of ['/', '/bn', `/track/${trackingId}`, '/bn/track/NOPE123', '/login', '/ops']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(inlineExecutable(res.body), url).toEqual([]);
      expect(scriptsOf(res.body).length, url).toBeGreaterThan(0);
    }
    // The public page's props travel as JSON data, read by entry-client.
    const home = await t.app.inject({ method: 'GET', url: '/' });
    const data = scriptsOf(home.body).find((s) => s.attributes.includes('id="site-props"'));
    expect(data?.attributes).toContain('type="application/json"');
    expect(JSON.parse(data?.body ?? '').path).toBe('/');
  });

  it('a </script> or <!-- in content cannot break out of the page data', async () => {
    const hostile = '</script><script>alert(1)</script><!--<script>';
    await t.database.db
      .insertInto('blog_posts')
      .values({
        slug: 'hostile-title',
        title_en: `Tips ${hostile}`,
        title_bn: `টিপস ${hostile}`,
        excerpt_en: `Excerpt ${hostile}`,
        excerpt_bn: 'সারাংশ',
        body_en: `Body ${hostile}`,
        body_bn: 'লেখা',
        status: 'published',
        published_at: new Date('2026-11-20T06:00:00Z'),
      })
      .execute();
    for (const url of ['/blog/hostile-title', '/blog']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(inlineExecutable(res.body), url).toEqual([]);
      // Exactly the data block and the site's script: nothing the title opened.
      const scripts = scriptsOf(res.body);
      expect(
        scripts.map((s) => /\bid="([^"]*)"|\bsrc="([^"]*)"/.exec(s.attributes)?.slice(1).find(Boolean)),
      ).toEqual(['site-props', '/assets/site-abc.js']);
      // The data still holds the title exactly, for hydration.
      expect(scripts[0]?.body).not.toMatch(/<\/script|<!--/i);
      expect(JSON.stringify(JSON.parse(scripts[0]?.body ?? '{}'))).toContain(
        'Tips </script><script>alert(1)',
      );
    }
  });
});

describe('HSTS', () => {
  it('is absent outside production', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent on every response in production mode', async () => {
    // The test config with only the mode changed: the headers do not depend on other settings.
    const app = await buildApp({ config: { ...t.config, mode: 'production' }, database: t.database });
    try {
      for (const url of ['/', '/login', '/api/v1/health', '/api/v1/nothing']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security'], url).toMatch(/^max-age=\d{8,}/);
        expect(directive(cspOf(res.headers), 'script-src'), url).toBe("script-src 'self'");
      }
    } finally {
      await app.close();
    }
  });
});
