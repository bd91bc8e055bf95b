import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, caller, signInStaff } from '../../../test/fixtures';
import { createTestApp, lastOtp, registerMerchant, type TestApp } from '../../../test/helpers';

let t: TestApp;
let call: ReturnType<typeof caller>;
let owner: Awaited<ReturnType<typeof registerMerchant>>;
let staff: Record<'admin' | 'support' | 'finance' | 'hub_manager' | 'rider', { id: string; token: string }>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  owner = await registerMerchant(t.app, { shopName: 'Banani Gadget Corner' });
  staff = {
    admin: await signInStaff(t, 'admin'),
    support: await signInStaff(t, 'support'),
    finance: await signInStaff(t, 'finance'),
    hub_manager: await signInStaff(t, 'hub_manager'),
    rider: await signInStaff(t, 'rider'),
  };
});
afterAll(() => t.close());

describe('shops in the operations console', () => {
  it('finds shops by name or owner phone, with the owner and member count', async () => {
    await addMember(t, owner.shop.id, 'editor');
    for (const role of ['admin', 'support', 'finance'] as const) {
      const byName = await call('GET', '/ops/shops?q=gadget%20corner', staff[role].token);
      expect(byName.statusCode, role).toBe(200);
      expect(byName.json()).toMatchObject({
        count: 1,
        items: [
          {
            id: owner.shop.id,
            name: 'Banani Gadget Corner',
            owner: { phone: owner.user.phone },
            memberCount: 2,
          },
        ],
      });
    }
    const byPhone = await call('GET', `/ops/shops?q=${owner.phone}`, staff.support.token);
    expect(byPhone.json().items.map((s: { id: string }) => s.id)).toContain(owner.shop.id);
    const byId = await call('GET', `/ops/shops?q=${owner.shop.id}`, staff.support.token);
    expect(byId.json().count).toBe(1);
    const page = await call('GET', '/ops/shops?limit=1&offset=0', staff.admin.token);
    expect(page.json().items).toHaveLength(1);
    expect(page.json().count).toBe(2);
  });

  it('shows a shop: members, pickup locations, masked payment method, NID and terms', async () => {
    await t.database.db
      .insertInto('pickup_locations')
      .values({
        shop_id: owner.shop.id,
        name: 'Banani shop',
        address: 'Road 11, Block E, Banani',
        area_id: 'dhaka-city--banani',
        phone: '8801711000222',
      })
      .execute();
    await call('POST', `/shops/${owner.shop.id}/payment-method/otp`, owner.token);
    const set = await call('PUT', `/shops/${owner.shop.id}/payment-method`, owner.token, {
      method: 'bkash',
      walletNumber: '01999888777',
      code: await lastOtp(t.app, owner.phone),
    });
    expect(set.statusCode, set.body).toBe(200);

    const res = await call('GET', `/ops/shops/${owner.shop.id}`, staff.finance.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.shop).toMatchObject({ id: owner.shop.id, name: 'Banani Gadget Corner' });
    expect(body.owner).toMatchObject({ id: owner.user.id, fullName: 'Md. Karim Hossain' });
    expect(body.members.map((m: { role: string }) => m.role).sort()).toEqual(['editor', 'owner']);
    expect(body.pickupLocations).toEqual([
      expect.objectContaining({ name: 'Banani shop', areaId: 'dhaka-city--banani', status: 'active' }),
    ]);
    expect(body.paymentMethod).toMatchObject({ method: 'bkash', walletNumberMasked: '*******8777' });
    expect(res.body).not.toContain('01999888777');
    expect(res.body).not.toContain('8801999888777');
    expect(body.nid).toEqual({
      status: 'not_submitted',
      nidNumberMasked: null,
      reason: null,
      submittedAt: null,
    });
    expect(body.terms).toEqual({ currentVersion: 1, accepted: true });

    expect(
      (await call('GET', '/ops/shops/00000000-0000-4000-8000-000000000000', staff.admin.token)).statusCode,
    ).toBe(404);
  });

  it('refuses merchants and staff of other roles', async () => {
    for (const url of [
      '/ops/shops',
      `/ops/shops/${owner.shop.id}`,
      '/ops/sms-outbox',
      '/ops/nid',
      '/ops/flags',
    ]) {
      expect((await call('GET', url, owner.token)).statusCode, url).toBe(403);
      expect((await call('GET', url, staff.rider.token)).statusCode, url).toBe(403);
      expect((await call('GET', url, staff.hub_manager.token)).statusCode, url).toBe(403);
      expect((await call('GET', url)).statusCode, url).toBe(401);
    }
  });
});

describe('the SMS outbox in the console', () => {
  it('lists what was sent to whom, newest first, never showing a code outside development', async () => {
    const res = await call('GET', `/ops/sms-outbox?to=${owner.phone}`, staff.support.token);
    expect(res.statusCode, res.body).toBe(200);
    const { items, count } = res.json();
    expect(count).toBeGreaterThanOrEqual(2);
    expect(items[0]).toMatchObject({
      to: owner.user.phone,
      purpose: 'otp:payment_method',
      provider: 'outbox',
      status: 'recorded',
    });
    // The code the owner got is masked here (and on the dev outbox), though the outbox sent it.
    const code = await lastOtp(t.app, owner.phone);
    expect(items[0].body).toBe(
      `Your code to change where Dak pays you is ••••. If you did not ask, call us.`,
    );
    const bodies = (list: { body: string }[]) => list.map((m) => m.body).join('\n');
    expect(bodies(items)).not.toMatch(/\d{4}/);
    const dev = await t.app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${owner.phone}` });
    expect(bodies(dev.json().items)).toContain('••••');
    expect(bodies(dev.json().items)).not.toContain(code);
    expect(items.at(-1).purpose).toBe('otp:registration');
    const paged = await call('GET', '/ops/sms-outbox?limit=1&offset=1', staff.admin.token);
    expect(paged.json().items).toHaveLength(1);
    expect((await call('GET', '/ops/sms-outbox', staff.finance.token)).statusCode).toBe(403);
    expect((await call('GET', '/ops/sms-outbox?to=12', staff.admin.token)).statusCode).toBe(400);
  });
});
