import { CloseCircleFilled, DeleteOutlined } from '@ant-design/icons';
import { Button, Input, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber, toLatinDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import type { useStatusBatch } from '../hooks/use-status-batch';
import { rowErrorText } from '../row-error-text';

/** The parcels waiting to be moved, each with the OTP or amount its move needs and its last refusal. */
export function PendingList({ batch }: { batch: ReturnType<typeof useStatusBatch> }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { pending, needs } = batch;
  return (
    <>
      <div className="parcel-status__list-head">
        <h3 className="parcel-status__list-title" id="parcel-status-pending">
          {t('opsConsole.parcelStatus.pending', { n: formatNumber(pending.length, language) })}
        </h3>
        {pending.length > 0 ? (
          <Popconfirm
            title={t('opsConsole.parcelStatus.clearListConfirm')}
            okText={t('opsConsole.parcelStatus.clearList')}
            cancelText={t('opsConsole.common.cancel')}
            onConfirm={batch.clear}
          >
            <Button type="link">{t('opsConsole.parcelStatus.clearList')}</Button>
          </Popconfirm>
        ) : null}
      </div>
      {pending.length === 0 ? (
        <p className="ops-secondary">{t('opsConsole.parcelStatus.pendingEmpty')}</p>
      ) : (
        <ol className="parcel-status__list" aria-labelledby="parcel-status-pending">
          {pending.map((row) => (
            <li
              key={row.trackingId}
              data-tracking-id={row.trackingId}
              className={[
                'parcel-status__row',
                row.error ? 'parcel-status__row--error' : '',
                needs.returnOtp || needs.amountCollected ? 'parcel-status__row--inputs' : '',
              ]
                .filter(Boolean)
                .join(' ')}
            >
              <span className="parcel-status__id">{row.trackingId}</span>
              <span className="parcel-status__inputs">
                {needs.returnOtp ? (
                  <Input
                    className="parcel-status__otp"
                    aria-label={t('opsConsole.parcelStatus.otpFor', { id: row.trackingId })}
                    placeholder={t('opsConsole.parcelStatus.otpPlaceholder')}
                    value={row.otp}
                    onChange={(e) => batch.setRow(row.trackingId, { otp: toLatinDigits(e.target.value) })}
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={4}
                    status={row.error ? 'error' : undefined}
                  />
                ) : null}
                {needs.amountCollected ? (
                  <Input
                    className="parcel-status__amount"
                    aria-label={t('opsConsole.parcelStatus.amountFor', { id: row.trackingId })}
                    placeholder={t('opsConsole.parcelStatus.amountPlaceholder')}
                    prefix="৳"
                    value={row.amount}
                    onChange={(e) => batch.setRow(row.trackingId, { amount: e.target.value })}
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={9}
                    status={row.error ? 'error' : undefined}
                  />
                ) : null}
                <Button
                  type="text"
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={t('opsConsole.parcelStatus.remove', { id: row.trackingId })}
                  onClick={() => batch.remove(row.trackingId)}
                />
              </span>
              {row.error ? (
                <span className="parcel-status__row-error">
                  <CloseCircleFilled aria-hidden /> {rowErrorText(row.error, t, language)}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
