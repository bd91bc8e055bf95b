import type { ParcelStatus } from '@dak/domain/parcel-status';
import { caller } from './fixtures';
import { registerMerchant, type TestApp, uniquePhone } from './helpers';

/** Factories for the operations tests (issue 5): a booked parcel, and walking it forward. */

export type Merchant = Awaited<ReturnType<typeof registerMerchant>>;

/** A merchant with one active pickup location in Mirpur 10 (the Mirpur hub). */
export async function bookingMerchant(t: TestApp) {
  const m = await registerMerchant(t.app);
  const res = await caller(t)('POST', `/shops/${m.shop.id}/pickup-locations`, m.token, {
    name: 'Mirpur warehouse',
    address: 'House 12, Road 5, Mirpur 10',
    areaId: 'dhaka-city--mirpur-10',
    phone: uniquePhone(),
  });
  if (res.statusCode !== 201) throw new Error(`pickup location: ${res.statusCode} ${res.body}`);
  return { ...m, pickupId: res.json<{ id: string }>().id };
}

export type BookingMerchant = Awaited<ReturnType<typeof bookingMerchant>>;

/** Books one parcel (to Gulshan unless told) and answers its tracking ID. */
export async function bookParcel(t: TestApp, m: BookingMerchant, overrides: Record<string, unknown> = {}) {
  const res = await caller(t)('POST', `/shops/${m.shop.id}/parcels`, m.token, {
    customerName: 'Rahima Begum',
    customerPhone: '01712345678',
    customerAddress: 'House 5, Road 3, Gulshan 1',
    deliveryAreaId: 'dhaka-city--gulshan',
    pickupLocationId: m.pickupId,
    cashCollectionAmount: 1250,
    sellingPrice: 1200,
    weightGrams: 500,
    ...overrides,
  });
  if (res.statusCode !== 201) throw new Error(`booking: ${res.statusCode} ${res.body}`);
  return res.json<{ trackingId: string; id: string }>();
}

/** Moves a parcel as staff through the given statuses, failing loudly on any refusal. */
export async function walk(
  t: TestApp,
  token: string,
  trackingId: string,
  steps: (ParcelStatus | { status: ParcelStatus; reason?: string; amountCollected?: number })[],
) {
  for (const step of steps) {
    const body = typeof step === 'string' ? { status: step } : step;
    const res = await caller(t)('POST', `/ops/parcels/${trackingId}/status`, token, body);
    if (res.statusCode !== 200)
      throw new Error(`${trackingId} → ${body.status}: ${res.statusCode} ${res.body}`);
  }
}

export const toOutForDelivery: ParcelStatus[] = [
  'at_sorting',
  'in_transit',
  'at_delivery_hub',
  'out_for_delivery',
];

/**
 * The merchant asks for another attempt of a failed parcel and staff approve it, as the Returned
 * parcels and Return approvals screens do; only then may it go out again.
 */
export async function approveReattempt(
  t: TestApp,
  m: BookingMerchant,
  staffToken: string,
  trackingId: string,
) {
  const call = caller(t);
  const asked = await call('POST', `/shops/${m.shop.id}/returned-parcels/${trackingId}/reattempt`, m.token, {
    reason: 'customer_confirmed',
  });
  if (asked.statusCode !== 201) throw new Error(`reattempt ${trackingId}: ${asked.statusCode} ${asked.body}`);
  const decided = await call('PATCH', `/ops/approvals/${asked.json().id}`, staffToken, {
    decision: 'approved',
  });
  if (decided.statusCode !== 200)
    throw new Error(`approve ${trackingId}: ${decided.statusCode} ${decided.body}`);
}
