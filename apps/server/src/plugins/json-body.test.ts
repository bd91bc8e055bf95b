import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers';
import { jsonValuesOver, maxJsonDepth, nestedTooDeep } from './json-body';

/**
 * JSON nested far deeper than any route needs is refused before it is parsed: 1 MB of `[[[[…`
 * took JSON.parse 0.4 s of the event loop on any route (16 MB on a bulk route: 6 s), from anyone,
 * before the route's guard looked at the caller (review finding).
 */
const t = useTestApp();
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const post = (url: string, payload: string, contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });

describe('the JSON body parser', () => {
  it('refuses a body nested deeper than the limit before any guard or schema, on public and signed-in routes', async () => {
    // A signed-in route whose guard runs at preValidation (the bulk routes check the caller
    // first, at onRequest: guardBeforeBody, lib/routes.ts).
    for (const url of ['/api/v1/auth/login', `/api/v1/shops/${randomUUID()}/parcels`]) {
      const res = await post(url, `{"phone":${nested(maxJsonDepth)}}`);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toMatchObject({
        code: 'INVALID_JSON',
        message: 'Request body is nested too deeply',
      });
    }
  });

  it('parses what is within the limit as before: the route answers it', async () => {
    const shallow = await post('/api/v1/auth/login', `{"phone":${nested(maxJsonDepth - 1)}}`);
    expect(shallow.statusCode).toBe(400);
    expect(shallow.json().error.code).toBe('VALIDATION_FAILED');
    // Brackets inside strings (and escaped quotes) are text, not nesting.
    const text = JSON.stringify({ phone: `"${'['.repeat(5_000)}`, password: 'x' });
    const inString = await post('/api/v1/auth/login', text);
    expect(inString.json().error.code).toBe('VALIDATION_FAILED');
    const unauthenticated = await post(`/api/v1/shops/${randomUUID()}/parcels/bulk/preview`, '{"rows":[]}');
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('still refuses prototype poisoning, as Fastify’s own parser did', async () => {
    const res = await post('/api/v1/auth/login', '{"phone":"01712345678","__proto__":{"admin":true}}');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_JSON');
  });

  it('checks the RedX-compatible API’s JSON sent as a form too', async () => {
    const res = await post(
      '/compat/redx/v1.0.0-beta/parcel',
      `{"customer_name":${nested(maxJsonDepth + 1)}}`,
      'application/x-www-form-urlencoded',
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('nested too deeply');
  });

  it('counts nesting outside strings only', () => {
    expect(nestedTooDeep(nested(3), 3)).toBe(false);
    expect(nestedTooDeep(nested(4), 3)).toBe(true);
    expect(nestedTooDeep('{"a":"\\"[[[[[[","b":[[1]]}', 3)).toBe(false);
    expect(nestedTooDeep('[{"a":[{"b":[]}]}]', 4)).toBe(true);
  });
});

describe('jsonValuesOver', () => {
  it('counts objects, arrays and list items outside strings, not the bytes', () => {
    expect(jsonValuesOver('{"a":[1,2,3],"b":{}}', 6)).toBe(false);
    expect(jsonValuesOver('{"a":[1,2,3],"b":{}}', 5)).toBe(true);
    expect(jsonValuesOver(`{"a":"${',{['.repeat(1000)}\\",{"}`, 2)).toBe(false);
  });
});
