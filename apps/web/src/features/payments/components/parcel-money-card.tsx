import { Alert, Descriptions, Skeleton, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTime } from '../../../components/ops/date-time';
import { PageCard } from '../../../components/ui/page-card';
import { useErrorText } from '../../../lib/error-text';
import { useParcelMoney } from '../api/get-parcel-money';
import { type InvoiceLinkState, invoicePath } from './invoice-list';
import { InvoiceStatusTag } from './invoice-status-tag';
import { Taka } from './money';
import './payments.css';

const stageColors = {
  cash_collection_pending: 'default',
  unpaid: 'orange',
  payment_processing: 'blue',
  paid: 'green',
  bounced: 'red',
} as const;

/**
 * The parcel page's money (issue 13): its payment stage, how its money settled (collected, each
 * charge, compensation, net) and the invoice that pays it. Only for who may see payments: the
 * page mounts it for the owner alone, so an editor's browser never asks.
 */
export function ParcelMoneyCard({ shopId, trackingId }: { shopId: string; trackingId: string }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const money = useParcelMoney(shopId, trackingId);

  let body: ReactNode;
  if (money.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (money.isError) body = <Alert type="error" showIcon title={errorText(money.error)} />;
  else {
    const { paymentStatus, settlement, invoice } = money.data;
    const items: { key: string; label: string; children: ReactNode }[] = [
      {
        key: 'stage',
        label: t('money.parcel.stage'),
        children: (
          <Tag color={stageColors[paymentStatus]}>{t(`parcels.paymentStatuses.${paymentStatus}`)}</Tag>
        ),
      },
    ];
    if (settlement) {
      const amount = (key: string, label: string, value: number) => ({
        key,
        label,
        children: <Taka amount={value} />,
      });
      items.push(
        {
          key: 'type',
          label: t('money.parcel.settledAs'),
          children: t(`money.invoice.settlementTypes.${settlement.settlementType}`),
        },
        {
          key: 'at',
          label: t('money.parcel.settledOn'),
          children: <DateTime value={new Date(settlement.at)} />,
        },
        amount('cash', t('money.invoice.columns.cashCollected'), settlement.cashCollected),
        amount('delivery', t('money.invoice.columns.deliveryCharge'), settlement.deliveryCharge),
        amount('cod', t('money.invoice.columns.codCharge'), settlement.codCharge),
        amount('return', t('money.invoice.columns.returnCharge'), settlement.returnCharge),
        amount('compensation', t('money.invoice.columns.compensation'), settlement.compensation),
        {
          key: 'net',
          label: t('money.invoice.columns.net'),
          children: (
            <strong>
              <Taka amount={settlement.netAmount} />
            </strong>
          ),
        },
      );
    }
    items.push({
      key: 'invoice',
      label: t('money.parcel.invoice'),
      children: invoice ? (
        <span className="money-invoice-link">
          <Link to={invoicePath(invoice.id)} state={{ invoice } satisfies InvoiceLinkState}>
            {invoice.number}
          </Link>{' '}
          <InvoiceStatusTag status={invoice.status} />
        </span>
      ) : (
        t('money.parcel.noInvoice')
      ),
    });
    body = (
      <>
        {settlement ? null : <p className="money-secondary">{t('money.parcel.notFinal')}</p>}
        <Descriptions column={{ xs: 1, sm: 2 }} size="small" layout="vertical" colon={false} items={items} />
      </>
    );
  }
  return (
    <PageCard titleId="parcel-money" title={t('money.parcel.title')} className="parcel-money">
      {body}
    </PageCard>
  );
}
