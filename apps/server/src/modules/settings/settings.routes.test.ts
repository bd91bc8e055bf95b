import { describe, expect, it } from 'vitest';
import { caller } from '../../../test/fixtures';
import { lastOtp, registerMerchant, useTestApp } from '../../../test/helpers';

const t = useTestApp();
const call = caller(t);

describe('user settings', () => {
  it('starts in English with every notification on, and changes what is sent', async () => {
    const user = await registerMerchant(t.app);
    const first = await call('GET', '/me/settings', user.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      language: 'en',
      notifications: { sms: true, email: true, push: true, parcelUpdates: true, paymentUpdates: true },
      onboardingTourSeenAt: null,
    });

    const patched = await call('PATCH', '/me/settings', user.token, {
      language: 'bn',
      notifications: { email: false, parcelUpdates: false },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      language: 'bn',
      notifications: { sms: true, email: false, push: true, parcelUpdates: false, paymentUpdates: true },
    });
    // Another change keeps the earlier ones.
    const more = await call('PATCH', '/me/settings', user.token, { notifications: { sms: false } });
    expect(more.json().notifications).toEqual({
      sms: false,
      email: false,
      push: true,
      parcelUpdates: false,
      paymentUpdates: true,
    });
    expect((await call('GET', '/me', user.token)).json().user.language).toBe('bn');

    expect((await call('PATCH', '/me/settings', user.token, { language: 'fr' })).statusCode).toBe(400);
    expect((await call('PATCH', '/me/settings', user.token, {})).statusCode).toBe(400);
    expect((await call('GET', '/me/settings')).statusCode).toBe(401);
  });

  it('records the first time the onboarding tour was seen', async () => {
    const user = await registerMerchant(t.app);
    const seen = await call('POST', '/me/onboarding/tour-seen', user.token);
    expect(seen.statusCode).toBe(200);
    const at = seen.json().onboardingTourSeenAt;
    expect(at).toBe(t.clock.now().toISOString());
    t.clock.advance(3_600_000);
    const again = await call('POST', '/me/onboarding/tour-seen', user.token);
    expect(again.json().onboardingTourSeenAt).toBe(at);
  });
});

describe('profile completion', () => {
  it('tracks pickup location, payment method, NID and terms', async () => {
    const owner = await registerMerchant(t.app);
    const steps = async () => {
      const res = await call('GET', `/shops/${owner.shop.id}/profile-completion`, owner.token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ steps: { key: string; done: boolean }[]; done: number; total: number }>();
    };
    expect(await steps()).toEqual({
      steps: [
        { key: 'pickup_location', done: false },
        { key: 'payment_method', done: false },
        { key: 'nid', done: false },
        { key: 'terms', done: true },
      ],
      done: 1,
      total: 4,
    });

    const pickup = await t.database.db
      .insertInto('pickup_locations')
      .values({
        shop_id: owner.shop.id,
        name: 'Mirpur warehouse',
        address: 'House 12, Road 3, Mirpur 10',
        area_id: 'dhaka-city--mirpur-10',
        phone: '8801711000111',
        status: 'inactive',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await steps()).steps[0]).toEqual({ key: 'pickup_location', done: false });
    await t.database.db
      .updateTable('pickup_locations')
      .set({ status: 'active' })
      .where('id', '=', pickup.id)
      .execute();
    expect((await steps()).steps[0]).toEqual({ key: 'pickup_location', done: true });

    const sent = await call('POST', `/shops/${owner.shop.id}/payment-method/otp`, owner.token);
    expect(sent.statusCode).toBe(200);
    const code = await lastOtp(t.app, owner.phone);
    const set = await call('PUT', `/shops/${owner.shop.id}/payment-method`, owner.token, {
      method: 'bkash',
      walletNumber: owner.phone,
      code,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await steps()).steps[1]).toEqual({ key: 'payment_method', done: true });
    expect((await steps()).done).toBe(3);
  });
});
