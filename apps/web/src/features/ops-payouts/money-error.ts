import { useKeyedOpsErrorText } from '../../components/ops/ops-error';
import type { TranslationKey } from '../../lib/i18n';

/** The money messages finance meets here (`moneyMessages` keys), by the console's own words. */
const keys: Record<string, TranslationKey> = {
  'money.alreadyPaid': 'opsConsole.payouts.errors.alreadyPaid',
  'money.alreadyBounced': 'opsConsole.payouts.errors.alreadyBounced',
  'money.invoiceNotFound': 'opsConsole.payouts.errors.invoiceNotFound',
  'money.referenceRequired': 'opsConsole.payouts.invoices.referenceRequired',
  'money.reasonRequired': 'opsConsole.payouts.invoices.reasonRequired',
  'money.runDateInvalid': 'opsConsole.payouts.errors.runDateInvalid',
};

/** A failed money call in words: by its message key when it has one of ours, else as the console says errors. */
export const usePayoutsErrorText = () => useKeyedOpsErrorText(keys);
