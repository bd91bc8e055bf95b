import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpResponse, http, recordRequests, server } from '../test/api';
import { apiRequest, configureApiClient } from './api-client';
import { ApiError } from './api-error';
import { setAuth } from './auth-storage';
import { bootCallsGlobal, bootCallsKey } from './boot-calls-format';
import { setSelectedShopId } from './selected-shop';
import { endSession } from './session';

/**
 * The boot script's early answers (issue 16; src/lib/boot-calls.ts): apiRequest takes one only for
 * the same call, once, sent with the token signed in now, and reads it as one it fetched itself.
 */

const anything = { parse: (data: unknown) => data };
const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

/** What the boot script leaves on window: answers it fetched with `token`. */
function bootSent(token: string, calls: Record<string, { auth: 0 | 1; answer: Promise<Response> }>) {
  (window as unknown as Record<string, unknown>)[bootCallsGlobal] = { token, calls };
}

/** The server's answer: marks where an answer came from. */
function serverAnswers() {
  server.use(http.all('*/api/v1/*', () => HttpResponse.json({ from: 'server' })));
  return recordRequests();
}

beforeEach(() => {
  setAuth({ kind: 'user', token: 'token-a' });
});
afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[bootCallsGlobal];
  configureApiClient({ onUnauthorized: () => {}, onUnreachable: () => {} });
  endSession();
});

describe('apiRequest and the boot script’s early answers', () => {
  it('takes the answer to the same method, path and token once; the next call is fetched', async () => {
    const requests = serverAnswers();
    bootSent('token-a', { 'GET /shops': { auth: 1, answer: json({ from: 'boot' }) } });
    expect(await apiRequest('/shops', { schema: anything, replay: true })).toEqual({ from: 'boot' });
    expect(requests).toHaveLength(0);
    expect(await apiRequest('/shops', { schema: anything, replay: true })).toEqual({ from: 'server' });
    expect(requests).toHaveLength(1);
  });

  it('never takes an answer fetched with another token, for another path or method, or unasked', async () => {
    const requests = serverAnswers();
    bootSent('token-b', { 'GET /shops': { auth: 1, answer: json({ from: 'boot' }) } });
    expect(await apiRequest('/shops', { schema: anything, replay: true })).toEqual({ from: 'server' });

    bootSent('token-a', {
      'GET /shops/s-1/parcels?limit=20&offset=0': { auth: 1, answer: json({ from: 'boot' }) },
      'GET /me': { auth: 1, answer: json({ from: 'boot' }) },
      'GET /parcel-categories': { auth: 0, answer: json({ from: 'boot' }) },
    });
    const other = { schema: anything, replay: true } as const;
    expect(await apiRequest('/shops/s-1/parcels?limit=50&offset=0', other)).toEqual({ from: 'server' });
    expect(await apiRequest('/me', { ...other, method: 'POST', body: {} })).toEqual({ from: 'server' });
    // A call not marked replayable fetches as always.
    expect(await apiRequest('/me', { schema: anything })).toEqual({ from: 'server' });
    // Sent without a bearer by the boot script, asked with one: not the same call.
    expect(await apiRequest('/parcel-categories', other)).toEqual({ from: 'server' });
    expect(requests.map((r) => r.url.pathname)).toEqual([
      '/api/v1/shops',
      '/api/v1/shops/s-1/parcels',
      '/api/v1/me',
      '/api/v1/me',
      '/api/v1/parcel-categories',
    ]);
    // Asked as the boot script sent it (no bearer), it is taken.
    bootSent('token-a', { 'GET /parcel-categories': { auth: 0, answer: json({ from: 'boot' }) } });
    expect(await apiRequest('/parcel-categories', { ...other, auth: false })).toEqual({ from: 'boot' });
  });

  it('reads an early 401 as its own: the session ends through onUnauthorized', async () => {
    const requests = serverAnswers();
    const onUnauthorized = vi.fn();
    configureApiClient({ onUnauthorized, onUnreachable: () => {} });
    bootSent('token-a', {
      'GET /shops': {
        auth: 1,
        answer: json({ error: { code: 'UNAUTHENTICATED', message: 'expired' } }, 401),
      },
    });
    const failed = await apiRequest('/shops', { schema: anything, replay: true }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ApiError);
    expect((failed as ApiError).status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(requests).toHaveLength(0);
  });

  it('asks again when the early call failed on the network', async () => {
    const requests = serverAnswers();
    bootSent('token-a', { 'GET /shops': { auth: 1, answer: Promise.reject(new TypeError('offline')) } });
    expect(await apiRequest('/shops', { schema: anything, replay: true })).toEqual({ from: 'server' });
    expect(requests).toHaveLength(1);
  });

  it('records the page’s replayable calls, paths only, and forgets them at sign-out', async () => {
    serverAnswers();
    setSelectedShopId('s-1');
    await apiRequest('/shops', { schema: anything, replay: true });
    await apiRequest('/shops/s-1/select', { schema: anything, method: 'POST', body: {}, replay: true });
    await apiRequest('/parcel-categories', { schema: anything, auth: false, replay: true });
    await apiRequest('/shops/s-1/parcels', {
      schema: anything,
      method: 'POST',
      body: { a: 1 },
      replay: true,
    });
    await apiRequest('/notifications', { schema: anything });
    const stored = window.localStorage.getItem(bootCallsKey) ?? '';
    expect(JSON.parse(stored)).toEqual({
      [window.location.pathname]: {
        shop: 's-1',
        calls: [
          ['GET', '/shops', 1],
          ['POST', '/shops/s-1/select', 1],
          ['GET', '/parcel-categories', 0],
        ],
      },
    });
    expect(stored).not.toContain('token-a');
    endSession();
    expect(window.localStorage.getItem(bootCallsKey)).toBeNull();
  });
});
