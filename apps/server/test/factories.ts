import type { StaffRole } from '@dak/domain/auth';
import type { ParcelStatus } from '@dak/domain/parcel-status';
import { caller, signInStaff } from './fixtures';
import { lastOtp, registerMerchant, type TestApp, uniquePhone } from './helpers';

/**
 * The test factories every server test builds its world with, through the real API on the test's
 * own database: a shop that can book, a parcel booked and walked to a status, a staff member of a
 * role working in a hub. Each answers what the test needs to go on (ids, tracking IDs, tokens)
 * and throws with the API's answer when the API refuses, so a broken set-up names its cause.
 */

export type Merchant = Awaited<ReturnType<typeof registerMerchant>>;
/** A registered merchant whose shop has one active pickup location. */
export type Shop = Merchant & { pickupId: string };
export type Staff = { id: string; phone: string; token: string };
export type Parcel = { id: string; trackingId: string };

/** The areas the factories book between: the Mirpur hub picks up, the Gulshan hub delivers. */
export const areas = {
  mirpur: 'dhaka-city--mirpur-10',
  gulshan: 'dhaka-city--gulshan',
  sylhet: 'sylhet--sylhet-sadar',
};

function fail(what: string, res: { statusCode: number; body: string }): never {
  throw new Error(`${what}: ${res.statusCode} ${res.body}`);
}

/** Adds an active pickup location (in Mirpur 10 unless told) to the merchant's shop; its id. */
export async function aPickupLocation(t: TestApp, m: Merchant, overrides: Record<string, unknown> = {}) {
  const res = await caller(t)('POST', `/shops/${m.shop.id}/pickup-locations`, m.token, {
    name: 'Mirpur warehouse',
    address: 'House 12, Road 5, Mirpur 10',
    areaId: areas.mirpur,
    phone: uniquePhone(),
    ...overrides,
  });
  if (res.statusCode !== 201) fail('pickup location', res);
  return res.json<{ id: string }>().id;
}

/** A newly registered merchant (the shop's owner) with one pickup location in Mirpur 10. */
export async function aShop(t: TestApp): Promise<Shop> {
  const m = await registerMerchant(t.app);
  return { ...m, pickupId: await aPickupLocation(t, m) };
}

/** The booking form's body: a parcel from the pickup location to Gulshan, ৳1,250 to collect. */
export function aBooking(pickupLocationId: string, overrides: Record<string, unknown> = {}) {
  return {
    customerName: 'Rahima Begum',
    customerPhone: '01712345678',
    customerAddress: 'House 5, Road 3, Gulshan 1',
    deliveryAreaId: areas.gulshan,
    pickupLocationId,
    cashCollectionAmount: 1250,
    sellingPrice: 1200,
    weightGrams: 500,
    ...overrides,
  };
}

type Step = ParcelStatus | { status: ParcelStatus; reason?: string; amountCollected?: number };

/** Moves a parcel as staff through the given statuses, failing loudly on any refusal. */
export async function walk(t: TestApp, token: string, trackingId: string, steps: Step[]) {
  for (const step of steps) {
    const body = typeof step === 'string' ? { status: step } : step;
    const res = await caller(t)('POST', `/ops/parcels/${trackingId}/status`, token, body);
    if (res.statusCode !== 200) fail(`${trackingId} → ${body.status}`, res);
  }
}

export const toOutForDelivery: ParcelStatus[] = [
  'at_sorting',
  'in_transit',
  'at_delivery_hub',
  'out_for_delivery',
];

/** How a newly booked parcel reaches each status aParcel can give it, moved by an admin. */
const routes = {
  pickup_pending: [],
  at_sorting: toOutForDelivery.slice(0, 1),
  in_transit: toOutForDelivery.slice(0, 2),
  at_delivery_hub: toOutForDelivery.slice(0, 3),
  out_for_delivery: toOutForDelivery,
  delivery_attempted: [...toOutForDelivery, { status: 'delivery_attempted', reason: 'customer_unreachable' }],
} satisfies Partial<Record<ParcelStatus, Step[]>>;

/** One admin per test app, made when a factory first needs one. */
const admins = new WeakMap<TestApp, Promise<Awaited<ReturnType<typeof signInStaff>>>>();
function adminOf(t: TestApp) {
  let admin = admins.get(t);
  if (!admin) {
    admin = signInStaff(t, 'admin');
    admins.set(t, admin);
  }
  return admin;
}

/**
 * Books a parcel through the booking API as the shop's owner (aBooking's body with `booking`'s
 * fields over it), then walks it to `status` as `by` (an admin of the app unless given).
 */
export async function aParcel(
  t: TestApp,
  options: {
    shop: Pick<Shop, 'shop' | 'token' | 'pickupId'>;
    status?: keyof typeof routes;
    by?: { token: string };
  },
  booking: Record<string, unknown> = {},
): Promise<Parcel> {
  const { shop, status = 'pickup_pending' } = options;
  const res = await caller(t)(
    'POST',
    `/shops/${shop.shop.id}/parcels`,
    shop.token,
    aBooking(shop.pickupId, booking),
  );
  if (res.statusCode !== 201) fail('booking', res);
  const parcel = res.json<Parcel>();
  const route: Step[] = routes[status];
  if (route.length > 0) {
    const by = options.by ?? (await adminOf(t));
    await walk(t, by.token, parcel.trackingId, route);
  }
  return parcel;
}

/**
 * A staff member signed in with `role`. A rider is created by an admin in `hub` (which a rider
 * must have), named `name`, and signs in with a code, as riders do; anyone else signs in to the
 * console, and is given the hubs in `hub` by an admin when told.
 */
export async function aStaff(
  t: TestApp,
  options: { role?: StaffRole; hub?: string | string[]; name?: string } = {},
): Promise<Staff> {
  const { role = 'admin' } = options;
  const hubs = options.hub === undefined ? [] : [options.hub].flat();
  const call = caller(t);
  if (role === 'rider') {
    const [hubId] = hubs;
    if (!hubId) throw new Error('aStaff: a rider needs a hub');
    const phone = uniquePhone();
    const created = await call('POST', '/ops/riders', (await adminOf(t)).token, {
      name: options.name ?? 'Karim Mia',
      phone,
      hubId,
    });
    if (created.statusCode !== 201) fail('rider', created);
    return { id: created.json<{ id: string }>().id, phone, token: await aRiderToken(t, phone) };
  }
  const staff = await signInStaff(t, role);
  if (hubs.length > 0) {
    const res = await call('PUT', `/ops/staff/${staff.id}/hubs`, (await adminOf(t)).token, { hubIds: hubs });
    if (res.statusCode !== 200) fail('staff hubs', res);
  }
  return staff;
}

/** A rider's sign-in: a code to the phone, then verify; the session token. */
export async function aRiderToken(t: TestApp, phone: string): Promise<string> {
  const call = caller(t);
  const login = await call('POST', '/ops/auth/rider-login', undefined, { phone });
  if (login.statusCode !== 200) fail('rider login', login);
  const verify = await call('POST', '/ops/auth/verify', undefined, {
    phone,
    code: await lastOtp(t.app, phone),
  });
  if (verify.statusCode !== 200) fail('rider verify', verify);
  return verify.json<{ token: string }>().token;
}

/**
 * The merchant asks for another attempt of a failed parcel and staff approve it, as the Returned
 * parcels and Return approvals screens do; only then may it go out again.
 */
export async function approveReattempt(t: TestApp, m: Merchant, staffToken: string, trackingId: string) {
  const call = caller(t);
  const asked = await call('POST', `/shops/${m.shop.id}/returned-parcels/${trackingId}/reattempt`, m.token, {
    reason: 'customer_confirmed',
  });
  if (asked.statusCode !== 201) fail(`reattempt ${trackingId}`, asked);
  const decided = await call('PATCH', `/ops/approvals/${asked.json().id}`, staffToken, {
    decision: 'approved',
  });
  if (decided.statusCode !== 200) fail(`approve ${trackingId}`, decided);
}

/** How many parcels the shop has in the database, whatever their status (deleted ones too). */
export async function parcelCount(t: TestApp, shopId: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('parcels')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('shop_id', '=', shopId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A parcel's status as stored now, found by its tracking ID. */
export async function parcelStatus(t: TestApp, trackingId: string): Promise<ParcelStatus> {
  const row = await t.database.db
    .selectFrom('parcels')
    .select('status')
    .where('tracking_id', '=', trackingId)
    .executeTakeFirstOrThrow();
  return row.status;
}
