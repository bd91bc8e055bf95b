import {
  type FailedAttemptReason,
  failedAttemptReasonCodes,
  failedAttemptReasons,
  type ParcelStatus,
  parcelStatusGroupNames,
  statusGroupOf,
  type TransitionActorKey,
  targetStatusesFor,
} from '@dak/domain/parcel-status';
import { Alert, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n';
import type { useStatusBatch } from '../hooks/use-status-batch';

/** Step 1: the status to move to (the ones this role may set, by stage) and, when it needs one, the reason. */
export function StatusTarget({
  role,
  batch,
}: {
  role: TransitionActorKey;
  batch: ReturnType<typeof useStatusBatch>;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { target, needs, tried, reason, reasonMissing } = batch;
  const statusOptions = useMemo(() => {
    const targets = targetStatusesFor(role);
    return parcelStatusGroupNames
      .map((group) => ({
        label: t(`parcels.groups.${group}`),
        title: t(`parcels.groups.${group}`),
        options: targets
          .filter((s) => statusGroupOf(s) === group)
          .map((s) => ({ value: s, label: t(`parcels.statuses.${s}`) })),
      }))
      .filter((group) => group.options.length > 0);
  }, [role, t]);
  return (
    <section className="ops-panel parcel-status__panel" aria-labelledby="parcel-status-step-1">
      <h2 className="parcel-status__step" id="parcel-status-step-1">
        {t('opsConsole.parcelStatus.step1')}
      </h2>
      <div className="parcel-status__field">
        <label htmlFor="parcel-status-target">{t('opsConsole.parcelStatus.target')}</label>
        <Select<ParcelStatus>
          id="parcel-status-target"
          size="large"
          className="parcel-status__select"
          value={target}
          onChange={batch.chooseTarget}
          options={statusOptions}
          placeholder={t('opsConsole.parcelStatus.targetPlaceholder')}
          showSearch
          optionFilterProp="label"
          status={tried && !target ? 'error' : undefined}
        />
        {tried && !target ? (
          <div className="ops-field-error" role="alert">
            {t('opsConsole.parcelStatus.chooseTarget')}
          </div>
        ) : null}
      </div>
      {needs.failedReason ? (
        <div className="parcel-status__field">
          <label htmlFor="parcel-status-reason">
            {needs.failedReason === 'always'
              ? t('opsConsole.parcelStatus.reason')
              : t('opsConsole.parcelStatus.reasonSometimes')}
          </label>
          <Select<FailedAttemptReason>
            id="parcel-status-reason"
            size="large"
            className="parcel-status__select"
            value={reason}
            onChange={batch.setReason}
            allowClear={needs.failedReason !== 'always'}
            options={failedAttemptReasonCodes.map((code) => ({
              value: code,
              label: failedAttemptReasons[code][language],
            }))}
            placeholder={t('opsConsole.parcelStatus.reasonPlaceholder')}
            showSearch
            optionFilterProp="label"
            status={tried && reasonMissing ? 'error' : undefined}
          />
          {needs.failedReason === 'sometimes' ? (
            <div className="ops-secondary">{t('opsConsole.parcelStatus.reasonSometimesHint')}</div>
          ) : null}
          {tried && reasonMissing ? (
            <div className="ops-field-error" role="alert">
              {t('opsConsole.parcelStatus.errors.reasonRequired')}
            </div>
          ) : null}
        </div>
      ) : null}
      {needs.returnOtp ? <Alert type="info" showIcon message={t('opsConsole.parcelStatus.otpHint')} /> : null}
      {needs.amountCollected ? (
        <Alert type="info" showIcon message={t('opsConsole.parcelStatus.amountHint')} />
      ) : null}
    </section>
  );
}
