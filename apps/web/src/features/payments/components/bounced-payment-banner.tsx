import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/light/alert';
import { LinkButton } from '../../../components/light/button';
import { formatTaka } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useBouncedPayment } from '../api/get-bounced-payment';
import './payments.css';

/** Where the owner changes the payment method: its section of the settings page. */
export const paymentMethodPath = '/settings#payment-method';

/**
 * A bounced payment (spec: bouncePayment {amount, reason, isBankAccountInfoUpdated, invoiceId}):
 * the amount, the invoice and the bank's reason, and the way to the payment method; once the
 * owner has changed it, that the next payment run uses the new details. Nothing without a bounce
 * (or when it cannot be asked: the page's own parts report failures).
 */
export function BouncedPaymentBanner({ shopId }: { shopId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const bounced = useBouncedPayment(shopId).data?.bounced;
  if (!bounced) return null;
  const updated = bounced.isBankAccountInfoUpdated;
  return (
    <Alert
      className="bounced-banner"
      data-testid="bounced-banner"
      type={updated ? 'info' : 'error'}
      title={t('money.bounced.title', {
        amount: formatTaka(bounced.amount, language),
        number: bounced.number,
      })}
      description={
        <>
          <p className="bounced-banner__reason">{t('money.bounced.reason', { reason: bounced.reason })}</p>
          <p className="bounced-banner__next">
            {updated ? t('money.bounced.updated') : t('money.bounced.notUpdated')}
          </p>
          {/* Under the words, not beside them: a Bengali button would squeeze them on a phone. */}
          <LinkButton
            to={paymentMethodPath}
            variant={updated ? 'default' : 'primary'}
            className="bounced-banner__action"
          >
            {updated ? t('money.bounced.view') : t('money.bounced.action')}
          </LinkButton>
        </>
      }
    />
  );
}
