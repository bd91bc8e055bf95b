import { compatNumberOf } from '@dak/domain/compat-ids';
import { expect } from 'vitest';
import { areas, type Shop } from './factories';
import { caller } from './fixtures';
import type { TestApp } from './helpers';

/** The Pathao-compatible API's test client (issue 15): its base path, keys, grants and bodies. */

export type Key = { id: string; keyId: string; secret: string; token: string };
export type Tokens = { token_type: string; expires_in: number; access_token: string; refresh_token: string };

export const pathaoBase = '/compat/pathao/aladdin/api/v1';

export function pathaoClient(t: TestApp) {
  function pathao(method: 'GET' | 'POST', path: string, token?: string, payload?: unknown, headers = {}) {
    return t.app.inject({
      method,
      url: `${pathaoBase}${path}`,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  }

  /** A Dak API key of the shop (by its owner), parcels:write and parcels:read unless told. */
  async function aKey(shop: Shop, scopes = ['parcels:write', 'parcels:read']): Promise<Key> {
    const res = await caller(t)('POST', `/shops/${shop.shop.id}/api-keys`, shop.token, {
      name: `Pathao plugin ${Math.random().toString(36).slice(2, 8)}`,
      scopes,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Key>();
  }

  /** The documented password grant, with Dak's key pair and the owner's phone and password. */
  function passwordGrant(shop: Shop, key: Key, overrides: Record<string, string> = {}) {
    return pathao('POST', '/issue-token', undefined, {
      client_id: key.keyId,
      client_secret: key.secret,
      username: shop.phone,
      password: shop.password,
      grant_type: 'password',
      ...overrides,
    });
  }

  async function tokensOf(shop: Shop, key: Key): Promise<Tokens> {
    const res = await passwordGrant(shop, key);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Tokens>();
  }

  return { pathao, aKey, passwordGrant, tokensOf };
}

/** An error in Pathao's envelope. */
export function expectPathaoError(res: { statusCode: number; json: () => unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ type: 'error', code: status, message: expect.any(String) });
}

export const dhakaCity = compatNumberOf('dhaka');
export const gulshanZone = compatNumberOf(areas.gulshan);

/** The documented create-order body (the weight as the doc's string), from the shop's store to Gulshan 1. */
export function documentedOrder(shop: Shop, overrides: Record<string, unknown> = {}) {
  return {
    store_id: compatNumberOf(shop.pickupId),
    merchant_order_id: 'TEST-ORDER-123',
    recipient_name: 'Demo Recipient',
    recipient_phone: '01712345678',
    recipient_address: 'House 5, Road 3, Gulshan 1, Dhaka',
    recipient_city: dhakaCity,
    recipient_zone: gulshanZone,
    recipient_area: gulshanZone,
    delivery_type: 48,
    item_type: 2,
    special_instruction: 'Need to Delivery before 5 PM',
    item_quantity: 1,
    item_weight: '0.5',
    item_description: 'This is a Cloth item, price- 3000',
    amount_to_collect: 900,
    ...overrides,
  };
}
