import { parcelEditMessages } from '@dak/domain/parcel-edits';
import { defaultParcelListPreferences } from '@dak/domain/parcel-list';
import type { ParcelStatus } from '@dak/domain/parcel-status';
import { beforeAll, describe, expect, it } from 'vitest';
import { aParcel, areas, aShop, type Shop } from '../../../test/factories';
import { addMember, caller } from '../../../test/fixtures';
import { registerMerchant, useTestApp } from '../../../test/helpers';

const t = useTestApp();
const call = caller(t);
let owner: Shop;

async function book(overrides: Record<string, unknown> = {}) {
  return (await aParcel(t, { shop: owner }, overrides)).id;
}

const edit = (parcelId: string, body: Record<string, unknown>, token = owner.token) =>
  call('PUT', `/shops/${owner.shop.id}/parcels/${parcelId}`, token, body);
const canEdit = (parcelId: string) =>
  call('GET', `/shops/${owner.shop.id}/parcels/${parcelId}/can-edit`, owner.token);

async function setStatus(parcelId: string, status: ParcelStatus) {
  await t.database.db.updateTable('parcels').set({ status }).where('id', '=', parcelId).execute();
}

beforeAll(async () => {
  owner = await aShop(t);
});

describe('editing a parcel', () => {
  it('says every field is editable on a new parcel', async () => {
    const id = await book();
    const res = await canEdit(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      customerPhone: { editable: true, reason: null, message: null },
      cashCollectionAmount: { editable: true, reason: null, message: null },
      customerAddress: { editable: true, reason: null, message: null },
    });
  });

  it('changes each field once, with audit rows and a timeline event, then refuses it', async () => {
    const id = await book();
    const first = await edit(id, { customerPhone: '+88 01812-345678', cashCollectionAmount: 900 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      customerPhone: '8801812345678',
      cashCollectionAmount: 900,
      // COD 1% of ৳900 = ৳9: the cash change reprices.
      charge: { deliveryCharge: 60, codCharge: 9, totalCharge: 69 },
    });

    const again = await edit(id, { customerPhone: '01912345678' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'PARCEL_FIELD_ALREADY_EDITED',
      message: parcelEditMessages.already_edited,
      details: { field: 'customerPhone', reason: 'already_edited' },
    });
    const cashAgain = await edit(id, { cashCollectionAmount: 1000 });
    expect(cashAgain.json().error.code).toBe('PARCEL_FIELD_ALREADY_EDITED');

    // The address is still editable, and its area move reprices (Sylhet is outside).
    const address = await edit(id, {
      customerAddress: 'Zindabazar Road 2, Sylhet',
      deliveryAreaId: areas.sylhet,
    });
    expect(address.statusCode, address.body).toBe(200);
    expect(address.json()).toMatchObject({
      customerAddress: 'Zindabazar Road 2, Sylhet',
      deliveryArea: { id: areas.sylhet },
      charge: { rateClass: 'outside' },
    });
    expect(address.json().charge.deliveryCharge).toBeGreaterThan(60);
    expect((await edit(id, { deliveryAreaId: areas.gulshan })).json().error.code).toBe(
      'PARCEL_FIELD_ALREADY_EDITED',
    );

    const state = (await canEdit(id)).json();
    expect(Object.values(state).map((f) => (f as { reason: string }).reason)).toEqual([
      'already_edited',
      'already_edited',
      'already_edited',
    ]);

    const log = await call('GET', `/shops/${owner.shop.id}/parcels/${id}/audit-log`, owner.token);
    expect(log.statusCode, log.body).toBe(200);
    expect(
      log.json().items.map((i: Record<string, unknown>) => [i.action, i.field, i.oldValue, i.newValue]),
    ).toEqual([
      ['edit', 'customerPhone', '8801712345678', '8801812345678'],
      ['edit', 'cashCollectionAmount', '1250', '900'],
      ['edit', 'customerAddress', 'House 5, Road 3, Gulshan 1', 'Zindabazar Road 2, Sylhet'],
      ['edit', 'deliveryArea', areas.gulshan, areas.sylhet],
    ]);
    expect(log.json().items[0].actor).toEqual({ kind: 'user', id: owner.user.id, name: 'Md. Karim Hossain' });

    const detail = (await call('GET', `/shops/${owner.shop.id}/parcels/${id}`, owner.token)).json();
    const edits = detail.events.filter((e: { reason: string }) => e.reason === 'edited');
    expect(edits).toHaveLength(2);
    expect(edits[0]).toMatchObject({
      fromStatus: 'pickup_pending',
      toStatus: 'pickup_pending',
      note: 'Changed customer phone, cash collection amount',
    });
  });

  it('keeps the cash at or above the delivery charge while pickup is pending, with the spec sentence', async () => {
    const id = await book();
    const res = await edit(id, { cashCollectionAmount: 59 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Edited cash on delivery must be at least the delivery charge when pickup is pending',
      details: { fields: [{ path: 'body.cashCollectionAmount' }] },
    });
    // Nothing changed, nothing counted.
    expect((await canEdit(id)).json().cashCollectionAmount.editable).toBe(true);
    expect((await edit(id, { cashCollectionAmount: 60 })).statusCode).toBe(200);

    // After pickup the floor no longer applies.
    const later = await book();
    await setStatus(later, 'in_transit');
    const zero = await edit(later, { cashCollectionAmount: 0 });
    expect(zero.statusCode, zero.body).toBe(200);
    expect(zero.json().cashCollectionAmount).toBe(0);
  });

  it('refuses a cash edit while the parcel waits for prepayment, whatever the user’s preferences', async () => {
    const id = await book();
    await setStatus(id, 'pickup_hold');
    // The preference only decides whether the form explains it up front; the server refuses anyway.
    const prefs = await call('PUT', `/shops/${owner.shop.id}/parcel-list-preferences`, owner.token, {
      ...defaultParcelListPreferences,
      prepaymentBlockInEdit: false,
    });
    expect(prefs.statusCode, prefs.body).toBe(200);
    expect((await canEdit(id)).json().cashCollectionAmount).toEqual({
      editable: false,
      reason: 'prepayment_hold',
      message: parcelEditMessages.prepayment_hold,
    });
    const audit = () =>
      t.database.db.selectFrom('parcel_audit_log').selectAll().where('parcel_id', '=', id).execute();
    const res = await edit(id, { cashCollectionAmount: 900 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'PARCEL_NOT_EDITABLE',
      message:
        'The cash amount cannot be changed while the parcel waits for prepayment. Clear the prepayment first',
      details: { field: 'cashCollectionAmount', reason: 'prepayment_hold', status: 'pickup_hold' },
    });
    // With another field in the same request nothing is written either.
    const both = await edit(id, { cashCollectionAmount: 900, customerPhone: '01912345678' });
    expect(both.statusCode).toBe(409);
    expect(await audit()).toEqual([]);
    const parcel = (await call('GET', `/shops/${owner.shop.id}/parcels/${id}`, owner.token)).json();
    expect(parcel).toMatchObject({ cashCollectionAmount: 1250, customerPhone: '8801712345678' });

    // The phone and address stay editable; once the hold is cleared the cash is too.
    expect((await edit(id, { customerPhone: '01912345678' })).statusCode).toBe(200);
    await setStatus(id, 'pickup_pending');
    const cleared = await edit(id, { cashCollectionAmount: 900 });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().cashCollectionAmount).toBe(900);
  });

  it.each([
    ['delivered', 'delivered'],
    ['returned', 'returning'],
    ['return_in_transit', 'returning'],
    ['deleted', 'closed'],
    ['lost', 'closed'],
  ] as const)('allows nothing once %s', async (status, reason) => {
    const id = await book();
    await setStatus(id, status);
    const state = (await canEdit(id)).json();
    for (const field of ['customerPhone', 'cashCollectionAmount', 'customerAddress']) {
      expect(state[field]).toMatchObject({ editable: false, reason });
    }
    const res = await edit(id, { customerPhone: '01912345678' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'PARCEL_NOT_EDITABLE', details: { reason } });
  });

  it('refuses a body with nothing new and validates with the domain rules', async () => {
    const id = await book();
    expect((await edit(id, {})).statusCode).toBe(400);
    const same = await edit(id, { customerPhone: '01712345678' });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.message).toBe(parcelEditMessages.nothingToChange);
    expect((await edit(id, { customerPhone: '0123' })).json().error.message).toBe('Invalid phone number');
    expect((await edit(id, { customerAddress: 'বাড়ি ১২, রোড ৩' })).statusCode).toBe(400);
    expect((await edit(id, { cashCollectionAmount: 12.5 })).statusCode).toBe(400);
    const area = await edit(id, { deliveryAreaId: 'nowhere' });
    expect(area.statusCode).toBe(400);
    expect((await canEdit(id)).json().customerAddress.editable).toBe(true);
  });

  it('lets exactly one of two concurrent edits of a field win', async () => {
    const id = await book();
    const results = await Promise.all([
      edit(id, { customerPhone: '01812000001' }),
      edit(id, { customerPhone: '01812000002' }),
      edit(id, { customerPhone: '01812000003' }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    const row = await t.database.db
      .selectFrom('parcels')
      .select(['customer_phone_edits'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.customer_phone_edits).toBe(1);
    const audits = await t.database.db
      .selectFrom('parcel_audit_log')
      .select('id')
      .where('parcel_id', '=', id)
      .execute();
    expect(audits).toHaveLength(1);
  });

  it('needs parcel.edit and hides other shops’ parcels', async () => {
    const id = await book();
    const viewer = await addMember(t, owner.shop.id, 'viewer');
    expect((await edit(id, { customerPhone: '01912345678' }, viewer.token)).statusCode).toBe(403);
    const stranger = await registerMerchant(t.app);
    const res = await call('PUT', `/shops/${stranger.shop.id}/parcels/${id}`, stranger.token, {
      customerPhone: '01912345678',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('notes', () => {
  it('adds, reads the latest, and removes by author or owner only', async () => {
    const id = await book();
    const base = `/shops/${owner.shop.id}/parcels/${id}`;
    expect((await call('GET', `${base}/notes/latest`, owner.token)).json()).toEqual({ note: null });

    const editor = await addMember(t, owner.shop.id, 'editor');
    const other = await addMember(t, owner.shop.id, 'editor');
    const viewer = await addMember(t, owner.shop.id, 'viewer');

    const added = await call('POST', `${base}/notes`, editor.token, { note: '  Call before noon  ' });
    expect(added.statusCode, added.body).toBe(201);
    const note = added.json();
    expect(note).toMatchObject({ note: 'Call before noon', author: { id: editor.user.id } });
    t.clock.advance(1000);
    const second = (await call('POST', `${base}/notes`, owner.token, { note: 'Fragile' })).json();

    expect((await call('GET', `${base}/notes/latest`, viewer.token)).json().note.id).toBe(second.id);
    expect((await call('POST', `${base}/notes`, viewer.token, { note: 'x' })).statusCode).toBe(403);
    expect((await call('POST', `${base}/notes`, owner.token, { note: '' })).statusCode).toBe(400);
    expect((await call('POST', `${base}/notes`, owner.token, { note: 'x'.repeat(501) })).statusCode).toBe(
      400,
    );

    // Another editor may not remove the first editor's note; a viewer may not remove anything.
    const refused = await call('DELETE', `${base}/notes/${note.id}`, other.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('NOTE_NOT_REMOVABLE');
    expect((await call('DELETE', `${base}/notes/${note.id}`, viewer.token)).statusCode).toBe(403);
    // The owner removes the editor's note; the editor's own removal works on a note of theirs.
    expect((await call('DELETE', `${base}/notes/${second.id}`, owner.token)).statusCode).toBe(200);
    expect((await call('DELETE', `${base}/notes/${note.id}`, editor.token)).statusCode).toBe(200);
    expect((await call('DELETE', `${base}/notes/${note.id}`, editor.token)).statusCode).toBe(404);
    expect((await call('GET', `${base}/notes/latest`, owner.token)).json()).toEqual({ note: null });

    const log = (await call('GET', `${base}/audit-log`, viewer.token)).json();
    expect(log.items.map((i: Record<string, unknown>) => [i.action, i.oldValue, i.newValue])).toEqual([
      ['note_added', null, 'Call before noon'],
      ['note_added', null, 'Fragile'],
      ['note_removed', 'Fragile', null],
      ['note_removed', 'Call before noon', null],
    ]);
  });

  it('records a delete in the audit log', async () => {
    const id = await book();
    expect((await call('DELETE', `/shops/${owner.shop.id}/parcels/${id}`, owner.token)).statusCode).toBe(200);
    const log = (await call('GET', `/shops/${owner.shop.id}/parcels/${id}/audit-log`, owner.token)).json();
    expect(log.items).toMatchObject([
      { action: 'delete', oldValue: 'pickup_pending', newValue: 'deleted', actor: { id: owner.user.id } },
    ]);
  });
});
