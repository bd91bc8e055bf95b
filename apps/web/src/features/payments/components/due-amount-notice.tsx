import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/light/alert';
import { LinkButton } from '../../../components/light/button';
import { formatTaka } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { usePaymentsSummary } from '../api/get-payments-summary';
import { useFailureToast } from './money';

/**
 * The dashboard's due amount (spec: dueAmount): what the shop owes Dak while its balance is below
 * zero, with the way to the Payments page; nothing when it owes nothing.
 */
export function DueAmountNotice({ shopId }: { shopId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const summary = usePaymentsSummary(shopId);
  useFailureToast(summary.isError, 'fetchDueFailed');
  const due = summary.data?.dueAmount ?? 0;
  if (due <= 0) return null;
  return (
    <Alert
      className="bounced-banner"
      data-testid="due-notice"
      type="warning"
      title={t('money.due.notice', { amount: formatTaka(due, language) })}
      description={
        <LinkButton to="/payments" size="small" className="bounced-banner__action">
          {t('money.due.action')}
        </LinkButton>
      }
    />
  );
}
