import { aParcel, type Shop } from './factories';
import type { TestApp } from './helpers';

/**
 * The operations tests' names (issue 5) for the shared factories of test/factories.ts, kept so
 * those tests read as before; new tests use the factories directly.
 */
export {
  approveReattempt,
  aShop as bookingMerchant,
  type Merchant,
  toOutForDelivery,
  walk,
} from './factories';

export type BookingMerchant = Shop;

/** Books one parcel (to Gulshan unless told) and answers its id and tracking ID. */
export function bookParcel(t: TestApp, m: BookingMerchant, overrides: Record<string, unknown> = {}) {
  return aParcel(t, { shop: m }, overrides);
}
