import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LinkButton } from '../../../components/ui/link-button';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';

export type Booked = { created: number; trackingIds: string[] };

/** The sheet is booked: how many parcels, their tracking IDs, and where to go next. */
export function BookedResult({ booked, onAgain }: { booked: Booked; onAgain: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Result
      className="page-card"
      status="success"
      title={
        <span data-testid="bulk-created">
          {t('bulk.booked', { count: booked.created, n: formatNumber(booked.created, language) })}
        </span>
      }
      subTitle={t('bulk.bookedBody')}
      extra={[
        <LinkButton key="list" type="primary" to="/parcels">
          {t('bulk.toParcelList')}
        </LinkButton>,
        <Button key="again" onClick={onAgain}>
          {t('bulk.uploadAnother')}
        </Button>,
      ]}
    >
      <Typography.Title level={2} className="page-card__title">
        {t('bulk.trackingIds')}
      </Typography.Title>
      <ol className="bulk-tracking-ids">
        {booked.trackingIds.map((id) => (
          <li key={id}>
            <Link to={`/parcels?q=${encodeURIComponent(id)}`} data-testid="bulk-tracking-id">
              {id}
            </Link>
          </li>
        ))}
      </ol>
    </Result>
  );
}
