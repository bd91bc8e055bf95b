import { FileSearchOutlined } from '@ant-design/icons';
import type { ShopTracking } from '@dak/domain/operations';
import { formatPhoneLocal } from '@dak/domain/phone';
import { Alert, Tag, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/ops/date-time';
import { LinkButton } from '../../../components/ui/link-button';
import { formatTaka, localizeDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { ParcelStatusTag } from './parcel-status-tag';
import { ProofPhoto } from './proof-photo';
import './tracking.css';
import { PageCard } from '../../../components/ui/page-card';
import { TrackingIdHeading } from './tracking-id-heading';

/**
 * One tracked parcel: its stage in words, where it goes, and every step newest first, each with
 * its status, the customer's message in the chosen language, the time in Dhaka and the hub. The
 * shop's own parcel adds the customer, invoice, cash, the delivery photo and a link to its page;
 * another shop's shows only what the public tracking page shows.
 */
export function ParcelTracking({ shopId, tracking }: { shopId: string; tracking: ShopTracking }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { own } = tracking;
  const area = tracking.deliveryArea;
  // The server lists the events in the order they happened (two may share a second): newest first.
  const events = [...tracking.events].reverse();
  const stage = t(`parcels.track.groups.${tracking.statusGroup}`);

  return (
    <>
      <section
        className="page-card track-result"
        aria-labelledby="track-result-title"
        data-testid="track-result"
      >
        <div className="track-result__head">
          <TrackingIdHeading trackingId={tracking.trackingId} testId="tracked-id" />
          <Tag color={own ? 'green' : 'default'} data-testid="track-ownership">
            {own ? t('parcels.track.ownParcel') : t('parcels.track.otherParcel')}
          </Tag>
        </div>
        <div className="track-result__status">
          <h2 className="track-result__group" id="track-result-title">
            {stage}
          </h2>
          {/* The exact status, unless it says the same as the stage ("Delivered"). */}
          {t(`parcels.statuses.${tracking.status}`) === stage ? null : (
            <ParcelStatusTag status={tracking.status} />
          )}
        </div>
        {own ? null : <Alert type="info" showIcon title={t('parcels.track.otherNote')} />}
        <dl className="track-facts">
          {own ? (
            <>
              <div>
                <dt>{t('parcels.track.customer')}</dt>
                <dd data-testid="track-customer">{own.customerName}</dd>
              </div>
              <div>
                <dt>{t('parcels.fields.customerPhone')}</dt>
                <dd>
                  <span className="phone-number" dir="ltr">
                    {formatPhoneLocal(own.customerPhone)}
                  </span>
                </dd>
              </div>
            </>
          ) : (
            <div>
              <dt>{t('parcels.track.receiver')}</dt>
              <dd>
                <span className="phone-number" dir="ltr">
                  {localizeDigits(tracking.customerPhone, language)}
                </span>
              </dd>
            </div>
          )}
          <div>
            <dt>{t('parcels.track.deliveryTo')}</dt>
            <dd>
              {language === 'bn'
                ? `${area.name.bn}, ${area.district.bn}`
                : `${area.name.en}, ${area.district.en}`}
            </dd>
          </div>
          {own ? (
            <>
              <div>
                <dt>{t('parcels.fields.invoiceId')}</dt>
                <dd>{own.invoiceId ?? '—'}</dd>
              </div>
              <div>
                <dt>{t('parcels.fields.cashCollection')}</dt>
                <dd>{formatTaka(own.cashCollectionAmount, language)}</dd>
              </div>
            </>
          ) : null}
        </dl>
        {own ? (
          <div className="form-actions">
            <LinkButton icon={<FileSearchOutlined aria-hidden />} to={`/parcels/${own.parcelId}`}>
              {t('parcels.track.openDetails')}
            </LinkButton>
          </div>
        ) : null}
      </section>

      {own?.hasProofPhoto ? (
        <PageCard titleId="track-proof" title={t('parcels.proof.title')}>
          <ProofPhoto shopId={shopId} parcelId={own.parcelId} trackingId={tracking.trackingId} />
        </PageCard>
      ) : null}

      <PageCard titleId="track-timeline" title={t('parcels.track.timeline')}>
        <Timeline
          items={events.map((event, index) => ({
            key: `${event.at.toISOString()}-${event.status}-${index}`,
            color: index === 0 ? 'green' : 'gray',
            content: (
              <div data-testid="track-event">
                <p className="track-timeline__message">
                  {language === 'bn' ? event.message_bn : event.message_en}
                </p>
                <div className="track-timeline__meta card-list__muted">
                  <ParcelStatusTag status={event.status} />
                  <DateTime value={event.at} />
                  {event.hub ? <span>· {event.hub.name[language] || event.hub.name.en}</span> : null}
                </div>
              </div>
            ),
          }))}
        />
      </PageCard>
    </>
  );
}
