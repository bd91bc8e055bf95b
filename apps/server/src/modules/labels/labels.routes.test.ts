import { labelMessages } from '@dak/domain/labels';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodePdfBarcodes, pdfPageCount } from '../../../../../e2e/barcodes';
import { aParcel, aPickupLocation, type Merchant } from '../../../test/factories';
import { addMember, caller } from '../../../test/fixtures';
import { registerMerchant, uniquePhone, useTestApp } from '../../../test/helpers';
import { hubCode } from './labels.service';

const t = useTestApp();
const call = caller(t);
let owner: Merchant;
let stranger: Merchant;
type Booked = { id: string; trackingId: string };
let parcels: Booked[];
let strangersParcel: Booked;

const addPickup = (m: Merchant) => aPickupLocation(t, m);

/** A parcel of the merchant's, each to its own customer's phone. */
const book = (
  m: Merchant,
  pickupLocationId: string,
  overrides: Record<string, unknown> = {},
): Promise<Booked> =>
  aParcel(t, { shop: { ...m, pickupId: pickupLocationId } }, { customerPhone: uniquePhone(), ...overrides });

const labelsOf = (m: Merchant, payload: unknown, token = m.token) =>
  call('POST', `/shops/${m.shop.id}/parcels/labels`, token, payload);
/** What app.inject's requests look like to the server without PUBLIC_URL. */
const trackUrl = (trackingId: string) => `http://localhost:80/track/${trackingId}`;

beforeAll(async () => {
  owner = await registerMerchant(t.app);
  stranger = await registerMerchant(t.app);
  const pickup = await addPickup(owner);
  parcels = [
    await book(owner, pickup, { invoiceId: 'INV-1001', alternatePhone: uniquePhone() }),
    await book(owner, pickup, {
      customerName: 'রহিমা বেগম',
      customerAddress: 'House 7, Zindabazar, Sylhet',
      deliveryAreaId: 'sylhet--sylhet-sadar',
      cashCollectionAmount: 125000,
      weightGrams: 2500,
    }),
    await book(owner, pickup, { cashCollectionAmount: 0, parcelType: 'reverse' }),
  ];
  strangersParcel = await book(stranger, await addPickup(stranger));
});

describe('parcel labels', () => {
  it('prints an A4 sheet whose Code 128 and QR codes decode to the three parcels', async () => {
    const res = await labelsOf(owner, { parcelIds: parcels.map((p) => p.id), format: 'a4' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="labels-3-a4-DK\w+\.pdf"$/);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPageCount(pdf)).toBe(1);
    const [page] = await decodePdfBarcodes(pdf);
    // Six cells per sheet, row by row: the three labels are in the order asked.
    expect(page?.code128).toEqual(parcels.map((p) => p.trackingId));
    expect(page?.qr).toEqual(parcels.map((p) => trackUrl(p.trackingId)));
  });

  it('prints one 4 × 6 thermal label per page, each with its own codes', async () => {
    const order = [parcels[2], parcels[0], parcels[1]] as Booked[];
    const res = await labelsOf(owner, { parcelIds: order.map((p) => p.id), format: 'thermal' });
    expect(res.statusCode, res.body).toBe(200);
    const pages = await decodePdfBarcodes(res.rawPayload);
    expect(pages.map((p) => p.code128)).toEqual(order.map((p) => [p.trackingId]));
    expect(pages.map((p) => p.qr)).toEqual(order.map((p) => [trackUrl(p.trackingId)]));
  });

  it('starts a new A4 sheet after six labels and prints a repeated id once', async () => {
    const pickup = await addPickup(owner);
    const more = [...parcels];
    for (let i = 0; i < 4; i++) more.push(await book(owner, pickup));
    const ids = [...more.map((p) => p.id), more[0]?.id];
    const res = await labelsOf(owner, { parcelIds: ids, format: 'a4' });
    expect(res.statusCode, res.body).toBe(200);
    const pages = await decodePdfBarcodes(res.rawPayload);
    expect(pages.map((p) => p.code128)).toEqual([
      more.slice(0, 6).map((p) => p.trackingId),
      [more[6]?.trackingId],
    ]);
  });

  it('prints one parcel through GET, A4 unless thermal is asked', async () => {
    const [first] = parcels as [Booked];
    const a4 = await call('GET', `/shops/${owner.shop.id}/parcels/${first.id}/label`, owner.token);
    expect(a4.statusCode, a4.body).toBe(200);
    expect(a4.headers['content-disposition']).toBe(`inline; filename="label-${first.trackingId}.pdf"`);
    const thermal = await call(
      'GET',
      `/shops/${owner.shop.id}/parcels/${first.id}/label?format=thermal`,
      owner.token,
    );
    expect(thermal.statusCode).toBe(200);
    for (const res of [a4, thermal]) {
      const pages = await decodePdfBarcodes(res.rawPayload);
      expect(pages).toEqual([{ page: 0, code128: [first.trackingId], qr: [trackUrl(first.trackingId)] }]);
    }
    // Page sizes: A4 and 4 × 6 inches, in points.
    expect(a4.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.2\d+ 841\.8\d+\]/);
    expect(thermal.rawPayload.toString('latin1')).toContain('/MediaBox [0 0 288 432]');
  });

  it('lets a viewer print, since a label shows what the parcel page shows', async () => {
    const viewer = await addMember(t, owner.shop.id, 'viewer');
    const res = await labelsOf(owner, { parcelIds: [parcels[0]?.id], format: 'thermal' }, viewer.token);
    expect(res.statusCode, res.body).toBe(200);
  });

  it("answers 404 for another shop's parcel, the same as for none, and leaks nothing of it", async () => {
    const mixed = await labelsOf(owner, { parcelIds: [parcels[0]?.id, strangersParcel.id], format: 'a4' });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.headers['content-type']).toMatch(/application\/json/);
    expect(mixed.json().error).toEqual({
      code: 'NOT_FOUND',
      message: labelMessages.notFound,
      key: 'labels.notFound',
      params: {},
      details: { parcelIds: [strangersParcel.id] },
    });
    expect(mixed.body).not.toContain(strangersParcel.trackingId);
    const single = await call(
      'GET',
      `/shops/${owner.shop.id}/parcels/${strangersParcel.id}/label`,
      owner.token,
    );
    expect(single.statusCode).toBe(404);
    expect(single.body).not.toContain(strangersParcel.trackingId);
    // Through the stranger's own shop id, the owner is refused before any parcel is read.
    const otherShop = await labelsOf(
      stranger,
      { parcelIds: [strangersParcel.id], format: 'a4' },
      owner.token,
    );
    expect(otherShop.statusCode).toBe(404);
    expect(otherShop.json().error.message).toBe('Shop not found');
  });

  it('refuses a deleted parcel, naming it', async () => {
    const pickup = await addPickup(owner);
    const gone = await book(owner, pickup);
    const del = await call('DELETE', `/shops/${owner.shop.id}/parcels/${gone.id}`, owner.token);
    expect(del.statusCode, del.body).toBe(200);
    const res = await labelsOf(owner, { parcelIds: [parcels[0]?.id, gone.id], format: 'thermal' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'CONFLICT',
      message: `${labelMessages.deleted}: ${gone.trackingId}`,
      params: {},
      details: { trackingIds: [gone.trackingId] },
    });
  });

  it('refuses no parcels, too many, bad ids and unknown formats in the words of the rule', async () => {
    const cases: [unknown, string][] = [
      [{ parcelIds: [], format: 'a4' }, labelMessages.noParcels],
      [{ format: 'a4' }, labelMessages.noParcels],
      [{ parcelIds: Array.from({ length: 201 }, () => parcels[0]?.id), format: 'a4' }, labelMessages.tooMany],
      [{ parcelIds: ['DK23456789A'], format: 'a4' }, labelMessages.notFound],
      [{ parcelIds: [parcels[0]?.id], format: 'letter' }, labelMessages.format],
    ];
    for (const [payload, message] of cases) {
      const res = await labelsOf(owner, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.body).toContain(message);
    }
    const res = await call(
      'GET',
      `/shops/${owner.shop.id}/parcels/${parcels[0]?.id}/label?format=letter`,
      owner.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(labelMessages.format);
  });

  it('prints the destination hub as a short code', () => {
    expect(hubCode('hub-dhaka-gulshan')).toBe('DHAKA-GULSHAN');
    expect(hubCode('hub-sylhet')).toBe('SYLHET');
  });
});
