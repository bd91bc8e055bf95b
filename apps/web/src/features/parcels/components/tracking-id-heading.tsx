import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A parcel's tracking ID, large and copyable, under its label: the head of a parcel's card. */
export function TrackingIdHeading({ trackingId, testId }: { trackingId: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <div className="card-list__muted">{t('parcels.fields.trackingId')}</div>
      <Typography.Text
        copyable={{ text: trackingId }}
        className="tracking-id tracking-id--large"
        data-testid={testId}
      >
        <span dir="ltr">{trackingId}</span>
      </Typography.Text>
    </div>
  );
}
