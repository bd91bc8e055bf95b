import { rolePermissions } from '@dak/domain/permissions';
import { beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../../test/fixtures';
import { lastOtp, lastSms, registerMerchant, rowCount, uniquePhone, useTestApp } from '../../../test/helpers';

const t = useTestApp();
const call = caller(t);
let owner: Awaited<ReturnType<typeof registerMerchant>>;
beforeAll(async () => {
  owner = await registerMerchant(t.app);
});

const stored = (local: string) => `880${local.slice(1)}`;
const members = (shopId = owner.shop.id) => `/shops/${shopId}/members`;

async function invite(phone: string, role: 'editor' | 'viewer', shop = owner.shop.id, token = owner.token) {
  const sent = await call('POST', `${members(shop)}/otp`, token, { phone });
  expect(sent.statusCode, sent.body).toBe(200);
  const res = await call('POST', members(shop), token, { phone, role, code: await lastOtp(t.app, phone) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function signIn(phone: string) {
  await call('POST', '/auth/otp/request', undefined, { phone });
  const res = await call('POST', '/auth/otp/verify', undefined, { phone, code: await lastOtp(t.app, phone) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { token: string; isNewUser: boolean; user: { hasPassword: boolean } };
}

describe('adding a team member', () => {
  it("needs the code sent to the member's phone; a new phone gets an account without a password", async () => {
    const phone = uniquePhone();
    const sent = await call('POST', `${members()}/otp`, owner.token, { phone });
    expect(sent.statusCode).toBe(200);
    expect(await lastSms(t.app, phone)).toMatch(/join a shop's team/);
    const code = await lastOtp(t.app, phone);

    const before = [await rowCount(t, 'users'), await rowCount(t, 'shop_members')];
    const wrong = await call('POST', members(), owner.token, {
      phone,
      role: 'editor',
      code: code === '0000' ? '1111' : '0000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'OTP_INVALID', message: 'OTP is invalid' });
    const noCode = await call('POST', members(), owner.token, { phone, role: 'editor' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error.message).toBe('OTP is required');
    expect([await rowCount(t, 'users'), await rowCount(t, 'shop_members')]).toEqual(before);

    const added = await call('POST', members(), owner.token, { phone, role: 'editor', code });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      userId: expect.any(String),
      phone: stored(phone),
      name: null,
      role: 'editor',
      status: 'active',
    });

    // They sign in by code, are not sent to registration, and see the shop with their role.
    const session = await signIn(phone);
    expect(session.isNewUser).toBe(false);
    expect(session.user.hasPassword).toBe(false);
    const shops = (await call('GET', '/shops', session.token)).json();
    expect(shops.items).toMatchObject([{ id: owner.shop.id, role: 'editor' }]);
    const perms = (await call('GET', `/shops/${owner.shop.id}/permissions`, session.token)).json();
    expect(perms).toEqual({ role: 'editor', permissions: [...rolePermissions.editor] });
  });

  it('adds a phone that already has an account, keeping that account', async () => {
    const other = await registerMerchant(t.app);
    const member = await invite(other.phone, 'viewer');
    expect(member.userId).toBe(other.user.id);
    const shops = (await call('GET', '/shops', other.token)).json();
    expect(shops.items.map((s: { role: string }) => s.role).sort()).toEqual(['owner', 'viewer']);
  });

  it("refuses a current member and the owner's own phone before sending any code", async () => {
    const phone = uniquePhone();
    await invite(phone, 'viewer');
    const before = await rowCount(t, 'otp_codes');
    const again = await call('POST', `${members()}/otp`, owner.token, { phone });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'ALREADY_A_MEMBER',
      message: 'This phone number is already a member of this shop',
      key: 'team.alreadyMember',
      params: {},
    });
    const self = await call('POST', `${members()}/otp`, owner.token, { phone: owner.phone });
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe("This is the shop owner's phone number");
    expect(await rowCount(t, 'otp_codes')).toBe(before);
  });

  it('refuses a partner (agent) account', async () => {
    const phone = uniquePhone();
    await call('POST', '/auth/otp/request', undefined, { phone });
    await call('POST', '/auth/otp/verify', undefined, {
      phone,
      code: await lastOtp(t.app, phone),
      accountType: 'partner',
    });
    const res = await call('POST', `${members()}/otp`, owner.token, { phone });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'This phone number has a partner account and cannot join a shop team',
    );
  });

  it('gives only the editor or viewer role', async () => {
    const phone = uniquePhone();
    await call('POST', `${members()}/otp`, owner.token, { phone });
    const res = await call('POST', members(), owner.token, {
      phone,
      role: 'owner',
      code: await lastOtp(t.app, phone),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Role must be editor or viewer');
  });
});

describe('the team list', () => {
  it('shows the owner first, then employees, with phone, name, role and status', async () => {
    const me = await registerMerchant(t.app);
    const a = uniquePhone();
    const b = uniquePhone();
    await invite(a, 'editor', me.shop.id, me.token);
    t.clock.advance(1000);
    const second = await invite(b, 'viewer', me.shop.id, me.token);
    await call('DELETE', `${members(me.shop.id)}/${second.userId}`, me.token);

    const list = (await call('GET', members(me.shop.id), me.token)).json();
    expect(list.count).toBe(3);
    expect(list.items).toMatchObject([
      { userId: me.user.id, phone: stored(me.phone), name: 'Karim Traders', role: 'owner', status: 'active' },
      { phone: stored(a), role: 'editor', status: 'active' },
      { phone: stored(b), role: 'viewer', status: 'removed' },
    ]);
    const active = (await call('GET', `${members(me.shop.id)}?status=active`, me.token)).json();
    expect(active.count).toBe(2);
  });
});

describe('changing and removing members', () => {
  it("changes an employee's role, which takes effect on the next request", async () => {
    const phone = uniquePhone();
    const member = await invite(phone, 'viewer');
    const { token } = await signIn(phone);
    expect(
      (await call('PATCH', `/shops/${owner.shop.id}`, token, { name: 'Viewer Was Here' })).statusCode,
    ).toBe(403);

    const res = await call('PATCH', `${members()}/${member.userId}`, owner.token, { role: 'editor' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userId: member.userId, role: 'editor', status: 'active' });
    expect((await call('GET', `/shops/${owner.shop.id}/permissions`, token)).json().role).toBe('editor');
  });

  it('never demotes or removes the owner', async () => {
    const demote = await call('PATCH', `${members()}/${owner.user.id}`, owner.token, { role: 'viewer' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error).toEqual({
      code: 'OWNER_ROLE_FIXED',
      message: "The shop owner's role cannot be changed",
      key: 'team.ownerCannotChange',
      params: {},
    });
    const remove = await call('DELETE', `${members()}/${owner.user.id}`, owner.token);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().error.message).toBe('The shop owner cannot be removed');
    expect((await call('GET', `/shops/${owner.shop.id}/permissions`, owner.token)).json().role).toBe('owner');
  });

  it('removes an employee, who loses access at once; adding them again brings them back', async () => {
    const phone = uniquePhone();
    const member = await invite(phone, 'editor');
    const { token } = await signIn(phone);
    expect((await call('GET', `/shops/${owner.shop.id}`, token)).statusCode).toBe(200);

    const removed = await call('DELETE', `${members()}/${member.userId}`, owner.token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ userId: member.userId, status: 'removed' });

    // Same session, next request: the shop is gone for them.
    for (const url of [`/shops/${owner.shop.id}`, `/shops/${owner.shop.id}/pickup-locations`]) {
      const res = await call('GET', url, token);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await call('GET', '/shops', token)).json().count).toBe(0);
    expect((await call('DELETE', `${members()}/${member.userId}`, owner.token)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `${members()}/${member.userId}`, owner.token, { role: 'viewer' })).statusCode,
    ).toBe(404);

    t.clock.advance(61_000);
    const back = await invite(phone, 'viewer');
    expect(back).toMatchObject({ userId: member.userId, role: 'viewer', status: 'active' });
    expect((await call('GET', `/shops/${owner.shop.id}/permissions`, token)).json().role).toBe('viewer');
  });

  it('answers 404 for someone who is not a member', async () => {
    const stranger = await registerMerchant(t.app);
    const res = await call('PATCH', `${members()}/${stranger.user.id}`, owner.token, { role: 'viewer' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Team member not found');
  });
});

describe('who manages the team', () => {
  it('is the owner alone: an editor may neither see nor change it', async () => {
    const phone = uniquePhone();
    await invite(phone, 'editor');
    const { token } = await signIn(phone);
    const target = await invite(uniquePhone(), 'viewer');
    const before = await rowCount(t, 'shop_members');
    for (const [method, url, body] of [
      ['GET', members(), undefined],
      ['POST', `${members()}/otp`, { phone: uniquePhone() }],
      ['POST', members(), { phone: uniquePhone(), role: 'editor', code: '1234' }],
      ['PATCH', `${members()}/${target.userId}`, { role: 'editor' }],
      ['DELETE', `${members()}/${target.userId}`, undefined],
    ] as const) {
      const res = await call(method, url, token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await rowCount(t, 'shop_members')).toBe(before);
    expect((await call('GET', members(), owner.token)).json().items).toContainEqual(
      expect.objectContaining({ userId: target.userId, role: 'viewer', status: 'active' }),
    );
  });
});
