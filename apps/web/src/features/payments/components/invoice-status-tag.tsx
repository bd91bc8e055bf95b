import type { InvoiceStatus } from '@dak/domain/money-api';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const invoiceColors: Record<InvoiceStatus, string> = {
  payment_processing: 'blue',
  paid: 'green',
  bounced: 'red',
};

/** An invoice's status as a coloured tag (antd): apart from money.tsx, which the dashboard loads. */
export function InvoiceStatusTag({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={invoiceColors[status]} data-status={status}>
      {t(`money.invoices.statuses.${status}`)}
    </Tag>
  );
}
