import { type ProfileStep, profileSteps } from '@dak/domain/settings';
import type { NidService } from '../nid/nid.service';
import type { PaymentMethodsService } from '../payment-methods/payment-methods.service';
import type { PickupLocationsService } from '../pickup-locations/pickup-locations.service';
import type { TermsService } from '../terms/terms.service';

export type ProfileService = ReturnType<typeof createProfileService>;

/**
 * The dashboard's profile completion: an active pickup location, a payment method, the owner's
 * NID verified (not merely sent), and the current terms accepted. Each step asks the module that
 * owns it.
 */
export function createProfileService(deps: {
  pickups: Pick<PickupLocationsService, 'hasActivePickupLocation'>;
  paymentMethods: PaymentMethodsService;
  nid: NidService;
  terms: TermsService;
}) {
  return {
    async completion(shopId: string) {
      const [pickup, payment, nid, terms] = await Promise.all([
        deps.pickups.hasActivePickupLocation(shopId),
        deps.paymentMethods.hasPaymentMethod(shopId),
        deps.nid.viewForShop(shopId),
        deps.terms.forShop(shopId),
      ]);
      const done: Record<ProfileStep, boolean> = {
        pickup_location: pickup,
        payment_method: payment,
        nid: nid.status === 'verified',
        terms: terms.accepted,
      };
      const steps = profileSteps.map((key) => ({ key, done: done[key] }));
      return { steps, done: steps.filter((s) => s.done).length, total: steps.length };
    },
  };
}
