import type { DataKeys } from '../../lib/field-cipher';
import { createFieldCipher } from '../../lib/field-cipher';
import type { ModuleDeps } from '../../lib/module';
import type { OtpService } from '../auth/otp.service';
import { createBanksService } from './banks.service';
import { paymentMethodsRoutes } from './payment-methods.routes';
import { createPaymentMethodsService } from './payment-methods.service';

/** The payment methods module: its service, and its routes for app.ts. */
export function paymentMethodsModule(deps: ModuleDeps & { otp: OtpService; dataKeys: DataKeys }) {
  const { db, clock, otp } = deps;
  const banks = createBanksService({ db, clock });
  const service = createPaymentMethodsService({
    db,
    clock,
    otp,
    banks,
    cipher: createFieldCipher(deps.dataKeys),
  });
  return { service, routes: paymentMethodsRoutes({ banks, paymentMethods: service, guards: deps.guards }) };
}
