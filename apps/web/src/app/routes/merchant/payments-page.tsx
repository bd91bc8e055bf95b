import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BouncedPaymentBanner } from '../../../features/payments/components/bounced-payment-banner';
import { InvoiceList } from '../../../features/payments/components/invoice-list';
import { PaymentsSummaryCards } from '../../../features/payments/components/payments-summary-cards';
import { RequireShop } from '../../require-shop';

/** Payments (spec 2, issue 13): a bounce first, the summary cards, then the invoices. Owner only. */
export function PaymentsPage() {
  const { t } = useTranslation();
  return (
    <div className="page page--wide">
      <RequireShop permission="payment.view">
        {(shop) => (
          <div key={shop.id}>
            <div className="page__head">
              <Typography.Title level={1} className="page__title">
                {t('money.title')}
              </Typography.Title>
            </div>
            <Typography.Paragraph type="secondary">{t('money.intro')}</Typography.Paragraph>
            <BouncedPaymentBanner shopId={shop.id} />
            <PaymentsSummaryCards shopId={shop.id} />
            <InvoiceList shopId={shop.id} />
          </div>
        )}
      </RequireShop>
    </div>
  );
}
