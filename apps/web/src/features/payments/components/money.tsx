import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { formatDate, formatTaka } from '../../../lib/format';
import { type Language, useLanguage } from '../../../lib/i18n';

const dhakaDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Dhaka',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The day a moment fell on in Bangladesh (an invoice's date), whatever the browser's zone. */
export function formatDhakaDate(instant: string, language: Language): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  return formatDate(dhakaDay.format(date), language);
}

/** An amount in taka for the language: ৳1,250 / ৳১,২৫০ (negative: -৳50). */
export function Taka({ amount }: { amount: number }) {
  const language = useLanguage();
  return <span className="money-amount">{formatTaka(amount, language)}</span>;
}

/** A ledger amount with its sign: + green (Dak owes the shop more), − red (less). */
export function SignedTaka({ amount }: { amount: number }) {
  const language = useLanguage();
  const sign = amount > 0 ? '+' : amount < 0 ? '−' : '';
  const tone = amount > 0 ? 'money-amount--plus' : amount < 0 ? 'money-amount--minus' : '';
  return (
    <span className={`money-amount ${tone}`} data-sign={amount > 0 ? 'plus' : amount < 0 ? 'minus' : 'zero'}>
      {sign}
      {formatTaka(Math.abs(amount), language)}
    </span>
  );
}

type MoneyMessage = 'fetchPaymentsFailed' | 'fetchDueFailed' | 'fetchTransactionsFailed';

/**
 * The spec's failure toast (moneyMessages): once per failure, one toast per message however many
 * parts of the page failed with it; the part itself says so in place too.
 */
export function useFailureToast(failed: boolean, message: MoneyMessage) {
  const { t } = useTranslation();
  useEffect(() => {
    if (failed) toast.error(t(`money.messages.${message}`), { toastId: `money-${message}` });
  }, [failed, message, t]);
}
