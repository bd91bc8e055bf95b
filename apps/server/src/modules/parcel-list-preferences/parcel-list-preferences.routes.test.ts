import { defaultParcelListPreferences } from '@dak/domain/parcel-list';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(res.json().pageSize).toBe(20);
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
    const theirs = { ...mine, pageSize: 10, columns: ['customer'] };
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
      .set({ preferences: JSON.stringify({ ...mine, pageSize: 7, columns: ['gone'] }) })
      .where('user_id', '=', owner.user.id)
      .execute();
    const res = await call('GET', url, owner.token);
    expect(res.json()).toEqual({
      ...mine,
      pageSize: 20,
      columns: defaultParcelListPreferences.columns,
      saved: true,
    });
  });
});
