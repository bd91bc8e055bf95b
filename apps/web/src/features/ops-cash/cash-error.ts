import { useTranslation } from 'react-i18next';
import { useOpsErrorText } from '../../components/ops/ops-error';
import { isApiError } from '../../lib/api-error';

/** The money messages the cash desk meets (`moneyMessages` keys), in the console's own words. */
const keys = {
  'money.riderHoldsNothing': 'opsConsole.cash.errors.riderHoldsNothing',
  'money.amountInvalid': 'opsConsole.cash.errors.amountInvalid',
} as const;

export function useCashErrorText() {
  const { t } = useTranslation();
  const opsErrorText = useOpsErrorText();
  return (error: unknown): string => {
    const key = isApiError(error) ? error.key : undefined;
    if (key && Object.hasOwn(keys, key)) return t(keys[key as keyof typeof keys]);
    return opsErrorText(error);
  };
}
