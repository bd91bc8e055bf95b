import { RedoOutlined, RollbackOutlined } from '@ant-design/icons';
import { reattemptReasons } from '@dak/domain/returns';
import { Button, Popconfirm, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { DateTime } from '../../../components/ops/date-time';
import { useErrorText } from '../../../lib/error-text';
import { useLanguage } from '../../../lib/i18n';
import { type ReturnedItem, useConfirmReturn } from '../api/returned-parcels';

/**
 * What the merchant may decide on a failed delivery (another attempt or the return), or where the
 * decision stands; a parcel past that stage shows its status (`statusTag`, from the page).
 */
export function ReturnedDecision({
  shopId,
  parcel: p,
  canDecide,
  onReattempt,
  statusTag,
}: {
  shopId: string;
  parcel: ReturnedItem;
  canDecide: boolean;
  onReattempt: (parcel: ReturnedItem) => void;
  statusTag: ReactNode;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { errorText } = useErrorText();
  const confirm = useConfirmReturn(shopId);
  const confirmReturn = async () => {
    try {
      await confirm.mutateAsync(p.trackingId);
      toast.success(t('returns.returnConfirmed', { id: p.trackingId }));
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  if (p.status !== 'delivery_attempted') return statusTag;
  if (p.reattemptApprovedAt) return <Tag color="green">{t('returns.approved')}</Tag>;
  if (p.approval?.status === 'pending') {
    const reason = reattemptReasons[p.approval.reason as keyof typeof reattemptReasons];
    return (
      <div>
        <Tag color="gold">{t('returns.pending')}</Tag>
        {reason ? <div className="returns-secondary">{reason[language]}</div> : null}
      </div>
    );
  }
  return (
    <div className="returns-decide">
      {canDecide ? (
        <div className="returns-actions">
          <Button type="primary" icon={<RedoOutlined aria-hidden />} onClick={() => onReattempt(p)}>
            {t('returns.reattempt')}
          </Button>
          <Popconfirm
            title={t('returns.confirmReturnTitle', { id: p.trackingId })}
            description={t('returns.confirmReturnBody')}
            okText={t('returns.confirmReturn')}
            cancelText={t('returns.cancel')}
            onConfirm={confirmReturn}
          >
            <Button icon={<RollbackOutlined aria-hidden />} loading={confirm.isPending}>
              {t('returns.confirmReturn')}
            </Button>
          </Popconfirm>
        </div>
      ) : null}
      {p.approval?.status === 'rejected' ? <Tag color="red">{t('returns.rejected')}</Tag> : null}
      {p.autoReturnAt ? (
        <div className="returns-secondary">
          {t('returns.autoReturnAt')} <DateTime value={p.autoReturnAt} />
        </div>
      ) : null}
    </div>
  );
}
