import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { failedAttemptReasons } from '@dak/domain/parcel-status';
import { reattemptReasons } from '@dak/domain/returns';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/ops/date-time';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import type { ApprovalItem } from '../api/approvals';

/** The parcel asked about: tracking ID, customer, area and hub. */
export function ApprovalParcel({ item: a }: { item: ApprovalItem }) {
  const language = useLanguage();
  return (
    <div>
      <strong className="tracking-id">{a.parcel.trackingId}</strong>
      <div className="ops-secondary">
        {a.parcel.customerName} · {a.parcel.deliveryArea[language]}
      </div>
      <div className="ops-secondary">{a.parcel.hub[language]}</div>
    </div>
  );
}

/** Why the delivery failed, in the chosen language. */
export function failedReasonOf(a: ApprovalItem, language: 'en' | 'bn'): string {
  const reason = failedAttemptReasons[a.parcel.failedReason as keyof typeof failedAttemptReasons];
  return reason ? reason[language] : '—';
}

/** What the merchant asked for, with their note. */
export function ApprovalAsked({ item: a }: { item: ApprovalItem }) {
  const language = useLanguage();
  const reason = reattemptReasons[a.reason as keyof typeof reattemptReasons];
  return (
    <div>
      <div>{reason ? reason[language] : a.reason}</div>
      {a.note ? <div className="ops-secondary">“{a.note}”</div> : null}
    </div>
  );
}

/** Approve or reject a pending request (reject asks first); a decided one says who decided when. */
export function ApprovalActions({
  item: a,
  busy,
  onDecide,
}: {
  item: ApprovalItem;
  /** The request being decided now, and how; every button waits while one is. */
  busy: { id: string; decision?: 'approved' | 'rejected' } | null;
  onDecide: (item: ApprovalItem, decision: 'approved' | 'rejected') => Promise<void>;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (a.status !== 'pending') {
    return (
      <div>
        <div>{t(`opsConsole.returns.statuses.${a.status}`)}</div>
        <div className="ops-secondary">
          <DateTime value={a.decidedAt} />
          {a.decidedBy ? ` · ${t('opsConsole.returns.decidedBy', { name: a.decidedBy })}` : ''}
        </div>
      </div>
    );
  }
  const loading = (decision: 'approved' | 'rejected') => busy?.id === a.id && busy.decision === decision;
  return (
    <div className="returns-actions">
      <Button
        type="primary"
        icon={<CheckOutlined aria-hidden />}
        loading={loading('approved')}
        disabled={busy !== null}
        aria-label={t('opsConsole.returns.approveLabel', { id: a.parcel.trackingId })}
        onClick={() => void onDecide(a, 'approved')}
      >
        {t('opsConsole.returns.approve')}
      </Button>
      <Popconfirm
        title={t('opsConsole.returns.rejectConfirm', { n: formatNumber(1, language) })}
        okText={t('opsConsole.returns.reject')}
        onConfirm={() => onDecide(a, 'rejected')}
      >
        <Button
          danger
          icon={<CloseOutlined aria-hidden />}
          loading={loading('rejected')}
          disabled={busy !== null}
          aria-label={t('opsConsole.returns.rejectLabel', { id: a.parcel.trackingId })}
        >
          {t('opsConsole.returns.reject')}
        </Button>
      </Popconfirm>
    </div>
  );
}
