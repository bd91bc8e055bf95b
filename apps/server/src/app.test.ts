import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the API shell', () => {
  it('reports health only when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('answers unknown routes in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'ROUTE_NOT_FOUND', message: 'No route GET /api/v1/no-such-thing', params: {} },
    });
  });

  it('answers a body that is not JSON with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/otp/request',
      headers: { 'content-type': 'application/json' },
      payload: '{"phone": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_JSON');
  });

  it('refuses bodies over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ phone: '01712345678', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('gives every response a request id, keeping a sane incoming one', async () => {
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(mine.headers['x-request-id']).toBe('abc-123');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'a b<c>' },
    });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('publishes an OpenAPI document generated from the route schemas, and a reference page', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/v1/auth/otp/request',
      '/api/v1/auth/otp/verify',
      '/api/v1/auth/login',
      '/api/v1/auth/logout',
      '/api/v1/me',
      '/api/v1/merchant/registration/otp',
      '/api/v1/merchant/registration',
      '/api/v1/ops/auth/login',
      '/api/v1/ops/auth/verify',
      '/api/v1/health',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    const body =
      doc.paths['/api/v1/merchant/registration'].post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['merchantName', 'phone', 'code', 'password']));
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('builds links from PUBLIC_URL in production, never from the Host header', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://dak.example' });
    try {
      for (const url of ['/robots.txt', '/sitemap.xml']) {
        const res = await prod.app.inject({ method: 'GET', url, headers: { host: 'evil.example' } });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain('https://dak.example/');
        expect(res.body, url).not.toContain('evil.example');
      }
    } finally {
      await prod.close();
    }
  });

  it('serves the issue-14 routes in production, each behind its sign-in', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      const shop = '00000000-0000-4000-8000-000000000001';
      for (const url of [
        `/api/v1/shops/${shop}/dashboard`,
        `/api/v1/shops/${shop}/events`,
        `/api/v1/shops/${shop}/notifications`,
        `/api/v1/shops/${shop}/banners`,
        `/api/v1/shops/${shop}/api-keys`,
        '/api/v1/ops/overview',
        '/api/v1/ops/banners',
      ]) {
        const res = await prod.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(401);
        const forged = await prod.app.inject({
          method: 'GET',
          url,
          headers: { authorization: 'Bearer dak_abcdefgh_not-a-real-secret' },
        });
        // A key is refused: 401 where keys may call, 403 where they never may; its secret not echoed.
        expect([401, 403], url).toContain(forged.statusCode);
        expect(forged.body, url).not.toContain('not-a-real-secret');
      }
    } finally {
      await prod.close();
    }
  });

  it('has no dev outbox, clock or job runner in production', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/api/v1/dev/outbox?to=01712345678' });
      expect(res.statusCode).toBe(404);
      for (const [url, payload] of [
        ['/api/v1/dev/clock', { advanceMinutes: 60 }],
        ['/api/v1/dev/jobs/auto-return-parcels', {}],
      ] as const) {
        const before = prod.clock.now().getTime();
        const moved = await prod.app.inject({ method: 'POST', url, payload });
        expect(moved.statusCode).toBe(404);
        expect(moved.json().error.code).toBe('ROUTE_NOT_FOUND');
        expect(prod.clock.now().getTime()).toBe(before);
      }
    } finally {
      await prod.close();
    }
  });
});

describe('serving the web app', () => {
  it('serves index.html for app paths, caches hashed assets for good, and 404s unknown API paths', async () => {
    const { mkdtemp, mkdir, writeFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dist = await mkdtemp(join(tmpdir(), 'dak-dist-'));
    await mkdir(join(dist, 'assets'));
    const { brotliCompressSync, brotliDecompressSync } = await import('node:zlib');
    const html = '<!doctype html><title>Dak</title>';
    await writeFile(join(dist, 'index.html'), html);
    // The build's compressed copy (vite.config.ts, precompress): sent to a browser that takes it.
    await writeFile(join(dist, 'index.html.br'), brotliCompressSync(html));
    await writeFile(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const web = await createTestApp({ WEB_DIST: dist, LOG_LEVEL: 'error' });
    try {
      const page = await web.app.inject({ method: 'GET', url: '/dashboard' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Dak</title>');
      expect(page.headers['cache-control']).toBe('no-cache');
      // Compressed or not, the page names the current assets: asked again every time.
      const br = await web.app.inject({
        method: 'GET',
        url: '/dashboard',
        headers: { 'accept-encoding': 'br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(html);
      expect(br.headers['cache-control']).toBe('no-cache');
      const asset = await web.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      const api = await web.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
      expect(api.statusCode).toBe(404);
      expect(api.json().error.code).toBe('ROUTE_NOT_FOUND');
    } finally {
      await web.close();
    }
  });
});
