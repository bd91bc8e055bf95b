import { defaultParcelListPreferences } from '@dak/domain/parcel-list';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aParcel, aPickupLocation } from '../../../test/factories';
import { addMember, caller } from '../../../test/fixtures';
import { createTestApp, registerMerchant, type TestApp } from '../../../test/helpers';

let t: TestApp;
let call: ReturnType<typeof caller>;
let owner: Awaited<ReturnType<typeof registerMerchant>>;
let url: string;

const mine = {
  columns: ['status', 'customer', 'invoiceId'],
  pageSize: 50,
  sort: 'createdAt:asc',
  defaultStatusGroup: 'done',
  reattemptList: false,
  reattemptConfig: { defaultDecision: 'return' },
  prepaymentPreference: 'separate',
  prepaymentBlockInEdit: false,
  prepaymentHold: true,
};

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  owner = await registerMerchant(t.app);
  url = `/shops/${owner.shop.id}/parcel-list-preferences`;
});
afterAll(() => t.close());

const stored = () => t.database.db.selectFrom('parcel_list_preferences').selectAll().execute();

describe('parcel-list preferences', () => {
  it('are the defaults (20 a page, newest first) until saved', async () => {
    const res = await call('GET', url, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...defaultParcelListPreferences, saved: false });
    expect(res.json()).toMatchObject({
      pageSize: 20,
      reattemptList: true,
      reattemptConfig: { defaultDecision: 'ask' },
      prepaymentPreference: 'show',
      prepaymentBlockInEdit: true,
    });
  });

  it('are saved per user and shop: another member keeps their own', async () => {
    const saved = await call('PUT', url, owner.token, mine);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...mine, saved: true });
    expect((await call('GET', url, owner.token)).json()).toEqual({ ...mine, saved: true });

    const editor = await addMember(t, owner.shop.id, 'editor');
    expect((await call('GET', url, editor.token)).json()).toEqual({
      ...defaultParcelListPreferences,
      saved: false,
    });
    const theirs = {
      ...mine,
      pageSize: 10,
      columns: ['customer'],
      reattemptList: true,
      reattemptConfig: { defaultDecision: 'reattempt' },
      prepaymentPreference: 'show',
    };
    expect((await call('PUT', url, editor.token, theirs)).statusCode).toBe(200);
    expect((await call('GET', url, editor.token)).json()).toEqual({ ...theirs, saved: true });
    expect((await call('GET', url, owner.token)).json()).toEqual({ ...mine, saved: true });

    // The editor's own shop is another shop: preferences there start from the defaults.
    const own = await call('GET', `/shops/${editor.shop.id}/parcel-list-preferences`, editor.token);
    expect(own.json().saved).toBe(false);

    // A viewer may keep their own too (it changes nothing of the shop's).
    const viewer = await addMember(t, owner.shop.id, 'viewer');
    expect((await call('PUT', url, viewer.token, mine)).statusCode).toBe(200);
  });

  it.each([
    [{ ...mine, pageSize: 30 }, 'pageSize', 'Parcels per page must be one of 10, 20, 50, 100'],
    [{ ...mine, columns: [] }, 'columns', 'Show at least one column besides the tracking ID'],
    [{ ...mine, columns: ['status', 'status'] }, 'columns', 'Each column can be chosen once'],
    [{ ...mine, columns: ['secret'] }, 'columns', 'Unknown column'],
    [{ ...mine, sort: 'price:desc' }, 'sort', 'Sort must be newest first or oldest first'],
    [{ ...mine, defaultStatusGroup: 'nowhere' }, 'defaultStatusGroup', 'one of the parcel list tabs'],
    [{ columns: ['status'] }, 'pageSize', ''],
    [{ ...mine, reattemptList: 'yes' }, 'reattemptList', 'Failed delivery tab must be on or off'],
    [{ ...mine, reattemptList: undefined }, 'reattemptList', 'Failed delivery tab must be on or off'],
    [
      { ...mine, reattemptConfig: { defaultDecision: 'maybe' } },
      'reattemptConfig',
      'Preselected decision must be ask, reattempt or return',
    ],
    [{ ...mine, reattemptConfig: 'return' }, 'reattemptConfig', 'which decision to preselect'],
    [
      { ...mine, prepaymentPreference: 'hide' },
      'prepaymentPreference',
      'Prepayment parcels must be shown in the list or kept separate',
    ],
    [{ ...mine, prepaymentBlockInEdit: 'on' }, 'prepaymentBlockInEdit', 'must be on or off'],
    [{ ...mine, prepaymentHold: 'on' }, 'prepaymentHold', 'Prepayment hold must be on or off'],
  ])('refuse %j with a message on %s and write nothing', async (body, field, message) => {
    const before = await stored();
    const res = await call('PUT', url, owner.token, body);
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error.code).toBe('VALIDATION_FAILED');
    const text = JSON.stringify(error.details);
    expect(text).toContain(field);
    if (message) expect(text).toContain(message);
    expect(await stored()).toEqual(before);
  });

  it('read an outdated stored value back as the default for that field', async () => {
    await t.database.db
      .updateTable('parcel_list_preferences')
      .set({
        preferences: JSON.stringify({
          ...mine,
          pageSize: 7,
          columns: ['gone'],
          reattemptConfig: { defaultDecision: 'later' },
        }),
      })
      .where('user_id', '=', owner.user.id)
      .execute();
    const res = await call('GET', url, owner.token);
    expect(res.json()).toEqual({
      ...mine,
      pageSize: 20,
      columns: defaultParcelListPreferences.columns,
      reattemptConfig: defaultParcelListPreferences.reattemptConfig,
      saved: true,
    });

    // Saved before the reattempt and prepayment fields existed: those read as their defaults.
    const {
      reattemptList,
      reattemptConfig,
      prepaymentPreference,
      prepaymentBlockInEdit,
      prepaymentHold,
      ...older
    } = mine;
    await t.database.db
      .updateTable('parcel_list_preferences')
      .set({ preferences: JSON.stringify(older) })
      .where('user_id', '=', owner.user.id)
      .execute();
    expect((await call('GET', url, owner.token)).json()).toEqual({
      ...defaultParcelListPreferences,
      ...older,
      saved: true,
    });
  });
});

describe('the list views the preferences turn on', () => {
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const pickupId = await aPickupLocation(t, owner);
    for (const name of ['pending', 'held', 'failed', 'moving']) {
      ids[name] = (
        await aParcel(t, { shop: { ...owner, pickupId } }, { customerName: `Customer ${name}` })
      ).id;
    }
    // The life cycle up to these statuses is the transition service's (tested there); set directly.
    const set = (name: string, status: 'pickup_hold' | 'delivery_attempted' | 'in_transit') =>
      t.database.db.updateTable('parcels').set({ status }).where('id', '=', String(ids[name])).execute();
    await set('held', 'pickup_hold');
    await set('failed', 'delivery_attempted');
    await set('moving', 'in_transit');
  });

  const list = async (query: string) => {
    const res = await call('GET', `/shops/${owner.shop.id}/parcels?${query}`, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ items: { id: string }[]; count: number }>();
    return { ids: body.items.map((p) => p.id).sort(), count: body.count };
  };
  const of = (...names: string[]) => names.map((n) => ids[n]).sort();

  it('keeps held parcels out of All and Pickup when kept separate, and shows them in their own tab', async () => {
    expect(await list('')).toEqual({ ids: of('pending', 'held', 'failed', 'moving'), count: 4 });
    expect(await list('excludeStatus=pickup_hold')).toEqual({
      ids: of('pending', 'failed', 'moving'),
      count: 3,
    });
    expect(await list('statusGroup=pickup&excludeStatus=pickup_hold')).toEqual({
      ids: of('pending'),
      count: 1,
    });
    expect(await list('status=pickup_hold')).toEqual({ ids: of('held'), count: 1 });
    // Excluding the only status asked for leaves nothing.
    expect(await list('status=pickup_hold&excludeStatus=pickup_hold')).toEqual({ ids: [], count: 0 });
    // A search applies the exclusion too when sent (the web leaves it off while searching).
    expect(await list('q=Customer%20held&excludeStatus=pickup_hold')).toEqual({ ids: [], count: 0 });
  });

  it('lists the failed deliveries for the Failed delivery tab, with their count', async () => {
    expect(await list('status=delivery_attempted')).toEqual({ ids: of('failed'), count: 1 });
    expect(await list('status=delivery_attempted&limit=1')).toMatchObject({ count: 1 });
  });

  it('refuses an unknown status to exclude', async () => {
    const res = await call('GET', `/shops/${owner.shop.id}/parcels?excludeStatus=hidden`, owner.token);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().error.details)).toContain('excludeStatus');
  });

  it('exports what the list shows: an export keeps the exclusion in its filters', async () => {
    const res = await call('POST', `/shops/${owner.shop.id}/parcel-exports`, owner.token, {
      excludeStatus: 'pickup_hold',
    });
    expect(res.statusCode, res.body).toBe(202);
    let done: Record<string, unknown> = {};
    await expect
      .poll(
        async () => {
          const url = `/shops/${owner.shop.id}/parcel-exports/${res.json().id}`;
          done = (await call('GET', url, owner.token)).json();
          return done.status;
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe('ready');
    // Built without the held parcel.
    expect(done).toMatchObject({
      status: 'ready',
      rowCount: 3,
      filters: { excludeStatus: 'pickup_hold' },
    });
  });
});
