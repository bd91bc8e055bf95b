import type { ParcelStatus, PaymentStatus } from '@dak/domain/parcel-status';
import { useTranslation } from 'react-i18next';
import { Tag, type TagColor } from '../../../components/light/tag';

/**
 * One colour per stage, so a list reads at a glance: waiting, moving, done, coming back, closed.
 * components/light's Tag in antd's colours: the parcel list loads no antd (issue 16).
 */
const statusColors: Record<ParcelStatus, TagColor> = {
  pickup_pending: 'gold',
  pickup_hold: 'orange',
  at_sorting: 'blue',
  in_transit: 'blue',
  at_delivery_hub: 'blue',
  out_for_delivery: 'geekblue',
  delivery_attempted: 'volcano',
  delivered: 'green',
  return_at_delivery_hub: 'purple',
  return_in_transit: 'purple',
  at_return_hub: 'purple',
  out_for_return: 'purple',
  returned: 'magenta',
  deleted: 'default',
  cancelled: 'default',
  lost: 'red',
  damaged: 'red',
};

const paymentColors: Record<PaymentStatus, TagColor> = {
  cash_collection_pending: 'default',
  unpaid: 'orange',
  payment_processing: 'blue',
  paid: 'green',
  bounced: 'red',
};

export function ParcelStatusTag({ status }: { status: ParcelStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={statusColors[status]} data-status={status}>
      {t(`parcels.statuses.${status}`)}
    </Tag>
  );
}

export function PaymentStatusTag({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return <Tag color={paymentColors[status]}>{t(`parcels.paymentStatuses.${status}`)}</Tag>;
}
