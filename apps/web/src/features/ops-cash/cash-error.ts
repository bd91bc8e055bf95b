import { useKeyedOpsErrorText } from '../../components/ops/ops-error';
import type { TranslationKey } from '../../lib/i18n';

/** The money messages the cash desk meets (`moneyMessages` keys), in the console's own words. */
const keys: Record<string, TranslationKey> = {
  'money.riderHoldsNothing': 'opsConsole.cash.errors.riderHoldsNothing',
  'money.amountInvalid': 'opsConsole.cash.errors.amountInvalid',
};

export const useCashErrorText = () => useKeyedOpsErrorText(keys);
