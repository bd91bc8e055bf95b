import { beforeAll, describe, expect, it } from 'vitest';
import { caller, signInStaff } from '../../../test/fixtures';
import { lastOtp, uniquePhone, useTestApp } from '../../../test/helpers';

const t = useTestApp();
const call = caller(t);
let admin: Awaited<ReturnType<typeof signInStaff>>;
let manager: Awaited<ReturnType<typeof signInStaff>>;

beforeAll(async () => {
  admin = await signInStaff(t, 'admin');
  manager = await signInStaff(t, 'hub_manager');
  const res = await call('PUT', `/ops/staff/${manager.id}/hubs`, admin.token, {
    hubIds: ['hub-dhaka-mirpur'],
  });
  expect(res.statusCode, res.body).toBe(200);
});

describe('hubs', () => {
  it('lists every seeded hub for an admin, with district and areas served', async () => {
    const res = await call('GET', '/ops/hubs?limit=200', admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const { items, count } = res.json();
    expect(count).toBe(75);
    const mirpur = items.find((h: { id: string }) => h.id === 'hub-dhaka-mirpur');
    expect(mirpur).toMatchObject({
      name: { en: 'Mirpur Hub', bn: 'মিরপুর হাব' },
      district: { id: 'dhaka' },
      staffCount: 1,
    });
    expect(mirpur.areaCount).toBeGreaterThan(0);
    const found = await call('GET', '/ops/hubs?q=rajshahi', admin.token);
    expect(found.json().items.map((h: { id: string }) => h.id)).toContain('hub-rajshahi');
  });

  it('shows a hub manager only their hubs', async () => {
    const res = await call('GET', '/ops/hubs', manager.token);
    expect(res.json().items.map((h: { id: string }) => h.id)).toEqual(['hub-dhaka-mirpur']);
    expect((await call('GET', '/ops/hubs/hub-rajshahi', manager.token)).statusCode).toBe(404);
    const detail = await call('GET', '/ops/hubs/hub-dhaka-mirpur', manager.token);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().areas.map((a: { id: string }) => a.id)).toContain('dhaka-city--mirpur-10');
    expect(detail.json().staff).toEqual([expect.objectContaining({ id: manager.id, role: 'hub_manager' })]);
  });

  it("lets an admin change a hub's address and phone, not a hub manager", async () => {
    const body = { address: 'Plot 3, Section 10, Mirpur, Dhaka 1216', phone: '01711000111' };
    expect((await call('PATCH', '/ops/hubs/hub-dhaka-mirpur', manager.token, body)).statusCode).toBe(403);
    const res = await call('PATCH', '/ops/hubs/hub-dhaka-mirpur', admin.token, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ address: body.address, phone: '8801711000111' });
    const bad = await call('PATCH', '/ops/hubs/hub-dhaka-mirpur', admin.token, { phone: '123' });
    expect(bad.statusCode).toBe(400);
    expect((await call('PATCH', '/ops/hubs/hub-nowhere', admin.token, body)).statusCode).toBe(404);
  });

  it('refuses an unknown hub in an assignment and changes nothing', async () => {
    const res = await call('PUT', `/ops/staff/${manager.id}/hubs`, admin.token, {
      hubIds: ['hub-dhaka-mirpur', 'hub-atlantis'],
    });
    expect(res.statusCode).toBe(400);
    const rows = await t.database.db
      .selectFrom('staff_hubs')
      .select('hub_id')
      .where('staff_id', '=', manager.id)
      .execute();
    expect(rows).toEqual([{ hub_id: 'hub-dhaka-mirpur' }]);
  });
});

describe('riders', () => {
  it('are added to a hub, listed, moved and switched off', async () => {
    const phone = uniquePhone();
    const created = await call('POST', '/ops/riders', manager.token, {
      name: 'Jamal Uddin',
      phone,
      hubId: 'hub-dhaka-mirpur',
    });
    expect(created.statusCode, created.body).toBe(201);
    const rider = created.json();
    expect(rider).toMatchObject({ name: 'Jamal Uddin', active: true, hub: { id: 'hub-dhaka-mirpur' } });
    const again = await call('POST', '/ops/riders', admin.token, {
      name: 'Other',
      phone,
      hubId: 'hub-dhaka-mirpur',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This phone number already belongs to a staff member');

    const list = await call('GET', '/ops/riders?hubId=hub-dhaka-mirpur', manager.token);
    expect(list.json().items.map((r: { id: string }) => r.id)).toContain(rider.id);

    // A hub manager cannot place a rider in a hub that is not theirs.
    const foreign = await call('POST', '/ops/riders', manager.token, {
      name: 'Far Away',
      phone: uniquePhone(),
      hubId: 'hub-rajshahi',
    });
    expect(foreign.statusCode).toBe(404);

    const moved = await call('PATCH', `/ops/riders/${rider.id}`, admin.token, { hubId: 'hub-rajshahi' });
    expect(moved.json().hub.id).toBe('hub-rajshahi');
    // Now outside the manager's hubs: not theirs to see.
    expect(
      (await call('PATCH', `/ops/riders/${rider.id}`, manager.token, { active: false })).statusCode,
    ).toBe(404);
    const off = await call('PATCH', `/ops/riders/${rider.id}`, admin.token, { active: false });
    expect(off.json().active).toBe(false);
  });

  it('sign in with a code sent to their phone, and lose the session when switched off', async () => {
    const phone = uniquePhone();
    const rider = (
      await call('POST', '/ops/riders', admin.token, { name: 'Rubel Mia', phone, hubId: 'hub-dhaka-mirpur' })
    ).json();
    const login = await call('POST', '/ops/auth/rider-login', undefined, { phone });
    expect(login.statusCode, login.body).toBe(200);
    const verify = await call('POST', '/ops/auth/verify', undefined, {
      phone,
      code: await lastOtp(t.app, phone),
    });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json().staff).toMatchObject({ id: rider.id, role: 'rider' });
    const token = verify.json().token;
    expect((await call('GET', '/ops/me', token)).statusCode).toBe(200);
    // A rider is not hub staff: the console's hub rooms and parcel moves are closed to them.
    expect((await call('GET', '/ops/hubs', token)).statusCode).toBe(403);
    expect((await call('PUT', '/ops/parcels/bulk-status', token, { updates: [] })).statusCode).toBe(403);

    await call('PATCH', `/ops/riders/${rider.id}`, admin.token, { active: false });
    expect((await call('GET', '/ops/me', token)).statusCode).toBe(401);
    const refused = await call('POST', '/ops/auth/rider-login', undefined, { phone });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe('No active rider has this phone number');
  });

  it('is not a way in for other staff', async () => {
    const res = await call('POST', '/ops/auth/rider-login', undefined, { phone: manager.phone });
    expect(res.statusCode).toBe(401);
  });
});
