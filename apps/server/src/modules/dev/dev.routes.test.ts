import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, signInStaff } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { bookingMerchant, bookParcel, toOutForDelivery, walk } from '../../../test/operations-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload?: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object });

describe('development helpers', () => {
  it('move the clock forward and run the auto-return job now, so a failed parcel returns without waiting a day', async () => {
    const call = caller(t);
    const admin = await signInStaff(t, 'admin');
    const merchant = await bookingMerchant(t);
    const { trackingId } = await bookParcel(t, merchant);
    await walk(t, admin.token, trackingId, [
      ...toOutForDelivery,
      { status: 'delivery_attempted', reason: 'customer_unreachable' },
    ]);
    const status = async () =>
      (await call('GET', `/tracking/${trackingId}`)).json<{ status: string }>().status;

    // Not yet due: the job leaves it.
    expect((await post('/dev/jobs/auto-return-parcels', {})).statusCode).toBe(202);
    expect(await status()).toBe('delivery_attempted');

    const before = t.clock.now().getTime();
    const moved = await post('/dev/clock', { advanceMinutes: 25 * 60 });
    expect(moved.statusCode).toBe(200);
    expect(new Date(moved.json<{ now: string }>().now).getTime()).toBe(before + 25 * 3_600_000);
    expect((await post('/dev/jobs/auto-return-parcels', {})).statusCode).toBe(202);
    expect(await status()).toBe('return_at_delivery_hub');
  });

  it('refuse an unknown job, a clock moved back, and a job’s data that does not fit', async () => {
    const unknown = await post('/dev/jobs/not-a-job', {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('No job is called not-a-job');
    const before = t.clock.now().getTime();
    expect((await post('/dev/clock', { advanceMinutes: -60 })).statusCode).toBe(400);
    expect((await post('/dev/clock', { advanceMinutes: 0 })).statusCode).toBe(400);
    expect(t.clock.now().getTime()).toBe(before);
    expect((await post('/dev/jobs/export-parcels', { exportId: 'x' })).statusCode).toBe(400);
  });
});
