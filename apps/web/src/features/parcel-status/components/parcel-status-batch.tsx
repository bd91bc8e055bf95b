import { SendOutlined } from '@ant-design/icons';
import type { TransitionActorKey } from '@dak/domain/parcel-status';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OpsPageHeader } from '../../../components/ops/ops-page-header';
import { ScanBox } from '../../../components/ops/scan-box';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { type Added, useStatusBatch } from '../hooks/use-status-batch';
import { PasteBox } from './paste-box';
import { PendingList } from './pending-list';
import { StatusResults } from './status-results';
import { StatusTarget } from './status-target';

/**
 * Parcel status: staff move many parcels to one status: the return leg (return_at_delivery_hub →
 * return_in_transit → at_return_hub → out_for_return → returned) has no other screen. Parcels are
 * scanned (a USB scanner types the code and Enter) or pasted; a move that needs more asks for it:
 * the failed attempt's reason for the batch, each parcel's return OTP or amount collected in its
 * row. Moved parcels leave the list; refused ones stay with the reason, to be fixed and sent again.
 */
export function ParcelStatusBatch({ role }: { role: TransitionActorKey }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const batch = useStatusBatch(role);
  const [pasted, setPasted] = useState('');
  const [pasteResult, setPasteResult] = useState<Added | null>(null);
  const { pending, target, tried } = batch;
  const n = formatNumber(pending.length, language);

  return (
    <div className="parcel-status">
      <OpsPageHeader
        title={t('opsConsole.parcelStatus.title')}
        subtitle={t('opsConsole.parcelStatus.subtitle')}
      />
      <div className="parcel-status__grid">
        <div className="parcel-status__work">
          <StatusTarget role={role} batch={batch} />
          <section className="ops-panel parcel-status__panel" aria-labelledby="parcel-status-step-2">
            <h2 className="parcel-status__step" id="parcel-status-step-2">
              {t('opsConsole.parcelStatus.step2')}
            </h2>
            <ScanBox
              label={t('opsConsole.parcelStatus.scan')}
              placeholder={t('opsConsole.parcelStatus.scanPlaceholder')}
              onScan={batch.onScan}
              history={false}
            />
            <PasteBox
              text={pasted}
              onText={setPasted}
              result={pasteResult}
              onResult={setPasteResult}
              add={batch.add}
            />
            <PendingList batch={batch} />
            {tried && pending.length === 0 ? (
              <div className="ops-field-error" role="alert">
                {t('opsConsole.parcelStatus.nothingToMove')}
              </div>
            ) : null}
            <Button
              type="primary"
              size="large"
              block
              className="parcel-status__submit"
              icon={<SendOutlined aria-hidden />}
              loading={batch.sending}
              onClick={async () => {
                if (await batch.submit()) setPasteResult(null);
              }}
            >
              {target
                ? t('opsConsole.parcelStatus.submitTo', {
                    count: pending.length,
                    n,
                    status: t(`parcels.statuses.${target}`),
                  })
                : t('opsConsole.parcelStatus.submit', { count: pending.length, n })}
            </Button>
          </section>
        </div>
        <StatusResults outcomes={batch.outcomes} onClear={batch.clearOutcomes} />
      </div>
    </div>
  );
}
