import { describe, expect, it } from 'vitest';
import { addMember, caller, signInStaff } from '../../../test/fixtures';
import { registerMerchant, useTestApp } from '../../../test/helpers';

const t = useTestApp();
const call = caller(t);

const text = (lang: string) =>
  `${lang}: Dak delivers parcels and pays the collected cash the next working day. `.repeat(3);

describe('terms and conditions', () => {
  it('publishes version 1 in English and Bengali', async () => {
    const res = await call('GET', '/terms');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.version).toBe(1);
    expect(body.bodyEn).toMatch(/next working day/);
    expect(body.bodyEn).toMatch(/Prohibited items/);
    expect(body.bodyBn).toMatch(/শর্তাবলী/);
  });

  it('counts the box ticked at sign-up, asks again for a new version, and keeps who accepted which', async () => {
    const owner = await registerMerchant(t.app);
    const url = `/shops/${owner.shop.id}/terms`;
    const first = await call('GET', url, owner.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      current: { version: 1 },
      accepted: true,
      history: [{ version: 1, source: 'signup', acceptedBy: { userId: owner.user.id } }],
    });

    // Staff publish version 2: the shop is asked again.
    const admin = await signInStaff(t, 'admin');
    t.clock.advance(60_000);
    const published = await call('POST', '/ops/terms', admin.token, {
      bodyEn: text('en'),
      bodyBn: text('bn'),
    });
    expect(published.statusCode, published.body).toBe(201);
    expect(published.json().version).toBe(2);
    expect((await call('GET', '/terms')).json().version).toBe(2);
    const asked = (await call('GET', url, owner.token)).json();
    expect(asked).toMatchObject({ current: { version: 2 }, accepted: false });

    // Only the current version can be accepted.
    const old = await call('PUT', `${url}/accept?version=1`, owner.token);
    expect(old.statusCode).toBe(409);
    expect(old.json().error.details).toEqual({ currentVersion: 2 });
    expect((await call('PUT', `${url}/accept`, owner.token)).statusCode).toBe(400);

    // An editor may accept for the shop; a viewer may only read.
    const viewer = await addMember(t, owner.shop.id, 'viewer');
    expect((await call('GET', url, viewer.token)).statusCode).toBe(200);
    expect((await call('PUT', `${url}/accept?version=2`, viewer.token)).statusCode).toBe(403);
    const editor = await addMember(t, owner.shop.id, 'editor');
    t.clock.advance(60_000);
    const accepted = await call('PUT', `${url}/accept?version=2`, editor.token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      accepted: true,
      history: [
        { version: 2, source: 'terms_page', acceptedBy: { userId: editor.user.id } },
        { version: 1, source: 'signup' },
      ],
    });
    // Accepting again keeps the first record.
    const again = await call('PUT', `${url}/accept?version=2`, owner.token);
    expect(again.json().history).toHaveLength(2);

    const list = await call('GET', '/ops/terms', admin.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().items[0]).toMatchObject({ version: 2, publishedBy: { staffId: admin.id } });
    // The editor and viewer signed up (with shops of their own) after version 2 was published.
    const [underV2, underV1] = list.json().items.map((v: { acceptedShops: number }) => v.acceptedShops);
    expect(underV2).toBe(3);
    expect(underV1).toBeGreaterThanOrEqual(1);

    // A shop made after version 2 was published counts as accepted from its sign-up.
    t.clock.advance(60_000);
    const later = await registerMerchant(t.app);
    expect((await call('GET', `/shops/${later.shop.id}/terms`, later.token)).json()).toMatchObject({
      accepted: true,
      history: [{ version: 2, source: 'signup' }],
    });
    // The console counts that sign-up tick too, and only for the version then in force.
    const counts = (await call('GET', '/ops/terms', admin.token)).json().items;
    expect(counts[0].acceptedShops).toBe(underV2 + 1);
    expect(counts[1].acceptedShops).toBe(underV1);
  });

  it('lets only admins publish, and no merchant read the console list', async () => {
    const support = await signInStaff(t, 'support');
    expect((await call('GET', '/ops/terms', support.token)).statusCode).toBe(200);
    const refused = await call('POST', '/ops/terms', support.token, {
      bodyEn: text('en'),
      bodyBn: text('bn'),
    });
    expect(refused.statusCode).toBe(403);
    const merchant = await registerMerchant(t.app);
    expect((await call('GET', '/ops/terms', merchant.token)).statusCode).toBe(403);
    const admin = await signInStaff(t, 'admin');
    expect(
      (await call('POST', '/ops/terms', admin.token, { bodyEn: 'short', bodyBn: text('bn') })).statusCode,
    ).toBe(400);
  });
});
