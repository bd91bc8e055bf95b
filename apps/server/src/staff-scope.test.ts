import { hubWorkMessages } from '@dak/domain/hub-work';
import { operationsMessages } from '@dak/domain/operations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, signInStaff } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/helpers';

/**
 * The staff scope (issue 12): the staff guard reads the hubs a staff member works in with the
 * staff member, once per request, and every hub-scoped module checks against it. Each module
 * keeps its own answer for another hub (403 or 404, its message).
 */
let t: TestApp;
let call: ReturnType<typeof caller>;
let admin: Awaited<ReturnType<typeof signInStaff>>;
let manager: Awaited<ReturnType<typeof signInStaff>>;

const mirpur = 'hub-dhaka-mirpur';
const gulshan = 'hub-dhaka-gulshan';

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  admin = await signInStaff(t, 'admin');
  manager = await signInStaff(t, 'hub_manager');
});
afterAll(() => t.close());

const setHubs = async (hubIds: string[]) => {
  const res = await call('PUT', `/ops/staff/${manager.id}/hubs`, admin.token, { hubIds });
  expect(res.statusCode, res.body).toBe(200);
};

/** One hub-scoped read per module, with the answer each gives for a hub not the caller's. */
const reads = (hubId: string) => [
  { url: `/ops/pickups?hubId=${hubId}`, refused: 403, message: hubWorkMessages.notYourHub },
  { url: `/ops/bags?hubId=${hubId}`, refused: 403, message: hubWorkMessages.notYourHub },
  { url: `/ops/trips?hubId=${hubId}`, refused: 403, message: hubWorkMessages.notYourHub },
  { url: `/ops/hubs/${hubId}`, refused: 404, message: operationsMessages.hubNotFound },
  { url: `/ops/delivery-runs?hubId=${hubId}`, refused: 404, message: operationsMessages.hubNotFound },
  {
    url: `/ops/delivery-runs/candidates?hubId=${hubId}`,
    refused: 404,
    message: operationsMessages.hubNotFound,
  },
];

async function expectScope(token: string, allowed: string[], refused: string[]) {
  for (const hubId of allowed) {
    for (const read of reads(hubId)) {
      const res = await call('GET', read.url, token);
      expect(res.statusCode, `${read.url} ${res.body}`).toBe(200);
    }
  }
  for (const hubId of refused) {
    for (const read of reads(hubId)) {
      const res = await call('GET', read.url, token);
      expect(res.statusCode, `${read.url} ${res.body}`).toBe(read.refused);
      expect(res.json().error.message).toBe(read.message);
    }
  }
  const list = await call('GET', '/ops/hubs?limit=100', token);
  expect(list.statusCode).toBe(200);
  return list.json<{ items: { id: string }[] }>().items.map((h) => h.id);
}

describe('the staff scope', () => {
  it('lets a hub manager act in their hubs only, in every module, as each module answered before', async () => {
    expect(await expectScope(manager.token, [], [mirpur, gulshan])).toEqual([]);
    await setHubs([mirpur]);
    expect(await expectScope(manager.token, [mirpur], [gulshan])).toEqual([mirpur]);
  });

  it('is read on every request: a change of hubs applies to the session already signed in', async () => {
    await setHubs([gulshan]);
    expect(await expectScope(manager.token, [gulshan], [mirpur])).toEqual([gulshan]);
    await setHubs([]);
    expect(await expectScope(manager.token, [], [gulshan, mirpur])).toEqual([]);
  });

  it('lets an admin act in every hub without working in any', async () => {
    const hubs = await expectScope(admin.token, [mirpur, gulshan], []);
    expect(hubs).toEqual(expect.arrayContaining([mirpur, gulshan]));
  });
});
