import { isRolledOut } from '@dak/domain/flags';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller, signInStaff } from '../../../test/fixtures';
import { registerMerchant, useTestApp } from '../../../test/helpers';

const t = useTestApp();
const call = caller(t);
let owner: Awaited<ReturnType<typeof registerMerchant>>;
beforeAll(async () => {
  owner = await registerMerchant(t.app);
});

describe('preferences', () => {
  it('serves public preferences by name', async () => {
    const res = await call('GET', '/pref/forcedTimeoutForMerchantRegistration');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'forcedTimeoutForMerchantRegistration', value: 60 });
    expect((await call('GET', '/pref/noSuchThing')).statusCode).toBe(404);
  });
});

describe('feature rollout per shop', () => {
  it('answers for one feature and for all, and refuses unknown features and strangers', async () => {
    const one = await call(
      'GET',
      `/shops/${owner.shop.id}/rollout?feature=wordpress-subscription`,
      owner.token,
    );
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ feature: 'wordpress-subscription', enabled: false });
    const all = await call('GET', `/shops/${owner.shop.id}/rollouts`, owner.token);
    expect(all.json().items.map((i: { feature: string }) => i.feature)).toEqual([
      'area-prediction-bulk',
      'verified-offline-c2c',
      'wordpress-subscription',
    ]);
    expect((await call('GET', `/shops/${owner.shop.id}/rollout?feature=nope`, owner.token)).statusCode).toBe(
      404,
    );
    const stranger = await registerMerchant(t.app);
    expect(
      (await call('GET', `/shops/${owner.shop.id}/rollout?feature=wordpress-subscription`, stranger.token))
        .statusCode,
    ).toBe(404);
  });

  it('lets an admin allow-list a shop, switch a flag off, and nobody else change flags', async () => {
    const admin = await signInStaff(t, 'admin');
    const put = await call('PUT', '/ops/flags/wordpress-subscription', admin.token, {
      allowList: [owner.shop.id],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      allowList: [owner.shop.id],
      percentage: 0,
      updatedBy: { staffId: admin.id },
    });
    const rollout = () =>
      call('GET', `/shops/${owner.shop.id}/rollout?feature=wordpress-subscription`, owner.token);
    expect((await rollout()).json().enabled).toBe(true);
    await call('PUT', '/ops/flags/wordpress-subscription', admin.token, { enabled: false });
    expect((await rollout()).json().enabled).toBe(false);
    const changes = await t.database.db.selectFrom('feature_flag_changes').selectAll().execute();
    expect(changes).toHaveLength(2);

    expect((await call('PUT', '/ops/flags/no-such-flag', admin.token, { enabled: true })).statusCode).toBe(
      404,
    );
    expect(
      (await call('PUT', '/ops/flags/wordpress-subscription', admin.token, { percentage: 140 })).statusCode,
    ).toBe(400);
    const support = await signInStaff(t, 'support');
    expect((await call('GET', '/ops/flags', support.token)).statusCode).toBe(403);
    expect(
      (await call('PUT', '/ops/flags/wordpress-subscription', support.token, { enabled: true })).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', '/ops/flags/wordpress-subscription', owner.token, { enabled: true })).statusCode,
    ).toBe(403);
    const list = await call('GET', '/ops/flags', admin.token);
    expect(list.json().count).toBe(3);
  });

  it('gives a percentage of shops the feature, the same shops every time', async () => {
    // 400 shops of one owner, written directly: the rollout does not care how a shop was made.
    const db = t.database.db;
    const shops = await db
      .insertInto('shops')
      .values(
        Array.from({ length: 400 }, (_, i) => ({ name: `Rollout Shop ${i}`, owner_user_id: owner.user.id })),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('shop_members')
      .values(shops.map((s) => ({ shop_id: s.id, user_id: owner.user.id, role: 'owner' as const })))
      .execute();
    const admin = await signInStaff(t, 'admin');
    const set = await call('PUT', '/ops/flags/verified-offline-c2c', admin.token, {
      percentage: 30,
      enabled: true,
    });
    expect(set.statusCode).toBe(200);

    const ask = async (id: string) =>
      (await call('GET', `/shops/${id}/rollout?feature=verified-offline-c2c`, owner.token)).json<{
        enabled: boolean;
      }>().enabled;
    const first: boolean[] = [];
    for (const s of shops) first.push(await ask(s.id));
    const share = first.filter(Boolean).length / shops.length;
    // Loose on purpose: the even spread is the domain test's job; here, roughly 30 of 100.
    expect(share).toBeGreaterThan(0.15);
    expect(share).toBeLessThan(0.45);
    // Stable: asked again, every shop gets the same answer, the one the shared rule gives.
    for (const [i, s] of shops.entries()) {
      expect(await ask(s.id)).toBe(first[i]);
      expect(first[i]).toBe(
        isRolledOut({ enabled: true, percentage: 30, allowList: [] }, 'verified-offline-c2c', s.id),
      );
    }
    // Raising the percentage keeps everyone who had it.
    await call('PUT', '/ops/flags/verified-offline-c2c', admin.token, { percentage: 60 });
    for (const [i, s] of shops.entries()) if (first[i]) expect(await ask(s.id)).toBe(true);
  });
});
