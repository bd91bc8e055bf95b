import { Alert, Checkbox, Select } from 'antd';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageCard } from '../../../components/ui/page-card';

/** Where the sheet's parcels are picked up and the merchant's acknowledgement, each with its error under it. */
export function BulkConfirm({
  shopId,
  pickups,
  pickupId,
  onPickup,
  pickupMessage,
  acknowledged,
  onAcknowledge,
  ackMessage,
  formError,
  cardRef,
}: {
  shopId: string;
  pickups: { items: { id: string; name: string }[]; loading: boolean };
  pickupId: string | undefined;
  onPickup: (id: string) => void;
  pickupMessage: string | null;
  acknowledged: boolean;
  onAcknowledge: (on: boolean) => void;
  ackMessage: string | null;
  formError: string | null;
  cardRef: Ref<HTMLElement>;
}) {
  const { t } = useTranslation();
  return (
    <PageCard
      titleId="bulk-confirm-title"
      title={t('bulk.confirmTitle')}
      className="bulk-confirm"
      ref={cardRef}
    >
      <div className="bulk-confirm__field">
        <label htmlFor="bulk-pickup" className="bulk-confirm__label">
          {t('parcels.fields.pickupLocation')}
        </label>
        <Select
          id="bulk-pickup"
          className="bulk-confirm__pickup"
          value={pickupId}
          onChange={onPickup}
          loading={pickups.loading}
          placeholder={t('parcels.form.pickupPlaceholder')}
          status={pickupMessage ? 'error' : undefined}
          aria-describedby={pickupMessage ? 'bulk-pickup-error' : undefined}
          options={pickups.items.map((p) => ({ value: p.id, label: p.name }))}
          notFoundContent={
            <Link to={`/shops/${shopId}/pickup-locations`}>{t('parcels.form.noPickupAction')}</Link>
          }
        />
        {pickupMessage ? (
          <div id="bulk-pickup-error" className="bulk-cell__error" role="alert">
            {pickupMessage}
          </div>
        ) : null}
      </div>
      <div className="bulk-confirm__field">
        <Checkbox
          checked={acknowledged}
          onChange={(event) => onAcknowledge(event.target.checked)}
          aria-describedby={ackMessage ? 'bulk-ack-error' : undefined}
        >
          {t('bulk.acknowledge')}
        </Checkbox>
        {ackMessage ? (
          <div id="bulk-ack-error" className="bulk-cell__error" role="alert">
            {ackMessage}
          </div>
        ) : null}
      </div>
      {formError ? (
        <Alert type="error" showIcon title={formError} className="bulk-alert" data-testid="bulk-form-error" />
      ) : null}
    </PageCard>
  );
}
