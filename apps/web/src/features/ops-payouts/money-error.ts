import { useTranslation } from 'react-i18next';
import { useOpsErrorText } from '../../components/ops/ops-error';
import { isApiError } from '../../lib/api-error';

/** The money messages finance meets here (`moneyMessages` keys), by the console's own words. */
const keys = {
  'money.alreadyPaid': 'opsConsole.payouts.errors.alreadyPaid',
  'money.alreadyBounced': 'opsConsole.payouts.errors.alreadyBounced',
  'money.invoiceNotFound': 'opsConsole.payouts.errors.invoiceNotFound',
  'money.referenceRequired': 'opsConsole.payouts.invoices.referenceRequired',
  'money.reasonRequired': 'opsConsole.payouts.invoices.reasonRequired',
  'money.runDateInvalid': 'opsConsole.payouts.errors.runDateInvalid',
} as const;

/** A failed money call in words: by its message key when it has one of ours, else as the console says errors. */
export function usePayoutsErrorText() {
  const { t } = useTranslation();
  const opsErrorText = useOpsErrorText();
  return (error: unknown): string => {
    const key = isApiError(error) ? error.key : undefined;
    if (key && Object.hasOwn(keys, key)) return t(keys[key as keyof typeof keys]);
    return opsErrorText(error);
  };
}
