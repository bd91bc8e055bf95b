import { DeleteOutlined, SwapOutlined } from '@ant-design/icons';
import { pickupEventReasons } from '@dak/domain/hub-work';
import { trackingMessage } from '@dak/domain/operations';
import type { ParcelDetail } from '@dak/domain/parcel';
import { canTransition } from '@dak/domain/parcel-status';
import { formatPhoneLocal } from '@dak/domain/phone';
import { App, Button, Descriptions, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { DateTime } from '../../../components/ops/date-time';
import { useErrorText } from '../../../lib/error-text';
import { formatDate, formatNumber, formatTaka } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useDeleteParcel } from '../api/delete-parcel';
import { useParcelCategories } from '../api/list-parcel-categories';
import { ParcelEdit } from './parcel-edit';
import { ParcelStatusTag, PaymentStatusTag } from './parcel-status-tag';
import { ProofPhoto } from './proof-photo';
import { TrackingIdHeading } from './tracking-id-heading';
import './parcels.css';
import { PageCard } from '../../../components/ui/page-card';

type ParcelDetailViewProps = {
  shopId: string;
  parcel: ParcelDetail;
  /** The user holds parcel.edit: may edit and delete. */
  canDelete: boolean;
};

/** One parcel: status, customer, parcel, the charge breakdown and the timeline; delete before pickup. */
export function ParcelDetailView({ shopId, parcel, canDelete }: ParcelDetailViewProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { modal } = App.useApp();
  const { errorText, translateMessage } = useErrorText();
  const remove = useDeleteParcel();
  const categories = useParcelCategories();
  const category = categories.data?.items.find((item) => item.id === parcel.categoryId);
  const variant = category?.variants.find((item) => item.id === parcel.categoryVariantId);
  const named = (item: { nameEn: string; nameBn: string } | undefined) =>
    item ? (language === 'bn' ? item.nameBn : item.nameEn) : null;
  const deletable = canDelete && canTransition(parcel.status, 'deleted');
  const dash = '—';

  const confirmDelete = () =>
    modal.confirm({
      title: t('parcels.detail.deleteTitle', { trackingId: parcel.trackingId }),
      content: t('parcels.detail.deleteBody'),
      okText: t('parcels.detail.delete'),
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      onOk: async () => {
        try {
          const result = await remove.mutateAsync({ shopId, parcelId: parcel.id });
          toast.success(translateMessage(result.message));
        } catch (cause) {
          toast.error(errorText(cause));
        }
      },
    });

  const weight =
    parcel.weightGrams >= 1000
      ? `${formatNumber(parcel.weightGrams, language)} ${t('parcels.form.grams')} (${formatNumber(parcel.weightGrams / 1000, language)} ${t('parcels.form.kg')})`
      : `${formatNumber(parcel.weightGrams, language)} ${t('parcels.form.grams')}`;

  return (
    <>
      <section className="page-card parcel-summary" aria-label={t('parcels.detail.summary')}>
        <div className="parcel-summary__head">
          <TrackingIdHeading trackingId={parcel.trackingId} testId="tracking-id" />
          <div className="light-tags">
            <ParcelStatusTag status={parcel.status} />
            <PaymentStatusTag status={parcel.paymentStatus} />
          </div>
        </div>
        {parcel.exchange ? (
          <div className="parcel-summary__exchange" data-testid="exchange-link">
            <span>
              <SwapOutlined aria-hidden className="parcel-summary__exchange-icon" />{' '}
              {parcel.exchange.role === 'reverse'
                ? t('parcels.detail.exchangeReverse')
                : t('parcels.detail.exchangeForward')}{' '}
              <Link to={`/parcels/${parcel.exchange.id}`} className="tracking-id" dir="ltr">
                {parcel.exchange.trackingId}
              </Link>
            </span>
            <ParcelStatusTag status={parcel.exchange.status} />
          </div>
        ) : null}
        {canDelete ? (
          <div className="form-actions">
            <ParcelEdit shopId={shopId} parcel={parcel} />
            {deletable ? (
              <Button danger icon={<DeleteOutlined aria-hidden />} onClick={confirmDelete}>
                {t('parcels.detail.delete')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </section>

      {parcel.hasProofPhoto ? (
        <PageCard titleId="parcel-proof" title={t('parcels.proof.title')}>
          <ProofPhoto shopId={shopId} parcelId={parcel.id} trackingId={parcel.trackingId} />
        </PageCard>
      ) : null}

      <PageCard titleId="parcel-customer" title={t('parcels.form.customerSection')}>
        <Descriptions column={{ xs: 1, sm: 2 }} size="small" layout="vertical" colon={false}>
          <Descriptions.Item label={t('parcels.fields.customerName')}>
            {parcel.customerName}
          </Descriptions.Item>
          <Descriptions.Item label={t('parcels.fields.customerPhone')}>
            <span className="phone-number" dir="ltr">
              {formatPhoneLocal(parcel.customerPhone)}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('parcels.fields.alternatePhone')}>
            {parcel.alternatePhone ? (
              <span className="phone-number" dir="ltr">
                {formatPhoneLocal(parcel.alternatePhone)}
              </span>
            ) : (
              dash
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('parcels.fields.deliveryArea')}>
            {named(parcel.deliveryArea)}
          </Descriptions.Item>
          <Descriptions.Item label={t('parcels.fields.customerAddress')} span={2}>
            {parcel.customerAddress}
          </Descriptions.Item>
        </Descriptions>
      </PageCard>

      <PageCard titleId="parcel-parcel" title={t('parcels.form.parcelSection')}>
        <Descriptions column={{ xs: 1, sm: 2 }} size="small" layout="vertical" colon={false}>
          <Descriptions.Item label={t('parcels.fields.pickupLocation')}>
            {parcel.pickupLocation.name}
          </Descriptions.Item>
          <Descriptions.Item label={t('parcels.detail.pickupDate')}>
            {formatDate(parcel.pickupDate, language)}
          </Descriptions.Item>
          <Descriptions.Item label={t('parcels.fields.invoiceId')}>
            {parcel.invoiceId ?? dash}
          </Descriptions.Item>
          <Descriptions.Item label={t('parcels.fields.parcelType')}>
            {t(`parcels.parcelTypes.${parcel.parcelType}`)}
            {parcel.flowType === 'exchange_return' ? ` · ${t('parcels.form.exchange')}` : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('parcels.fields.category')}>
            {[named(category), named(variant)].filter(Boolean).join(' · ') || dash}
          </Descriptions.Item>
          <Descriptions.Item label={t('parcels.fields.weight')}>{weight}</Descriptions.Item>
          <Descriptions.Item label={t('parcels.fields.sellingPrice')}>
            {formatTaka(parcel.sellingPrice, language)}
          </Descriptions.Item>
          <Descriptions.Item label={t('parcels.fields.cashCollection')}>
            {formatTaka(parcel.cashCollectionAmount, language)}
          </Descriptions.Item>
          <Descriptions.Item label={t('parcels.fields.instructions')} span={2}>
            {parcel.instructions ?? dash}
          </Descriptions.Item>
          <Descriptions.Item label={t('parcels.detail.bookedAt')}>
            <DateTime value={parcel.createdAt} />
          </Descriptions.Item>
        </Descriptions>
      </PageCard>

      <PageCard titleId="parcel-charge" title={t('parcels.charge.title')}>
        <dl className="charge-summary__lines">
          <div className="charge-summary__line">
            <dt>{t('parcels.fields.deliveryCharge')}</dt>
            <dd data-testid="detail-delivery">{formatTaka(parcel.charge.deliveryCharge, language)}</dd>
          </div>
          <div className="charge-summary__line">
            <dt>{t('parcels.charge.codCharge', { percent: formatNumber(1, language) })}</dt>
            <dd>{formatTaka(parcel.charge.codCharge, language)}</dd>
          </div>
          <div className="charge-summary__line charge-summary__total">
            <dt>{t('parcels.fields.totalCharge')}</dt>
            <dd data-testid="detail-total">{formatTaka(parcel.charge.totalCharge, language)}</dd>
          </div>
        </dl>
        <Typography.Paragraph type="secondary" className="charge-summary__note">
          {t(`parcels.rateClasses.${parcel.charge.rateClass}`)} ·{' '}
          {t('parcels.charge.returnNote', { amount: formatTaka(parcel.charge.returnCharge, language) })}
        </Typography.Paragraph>
      </PageCard>

      <PageCard titleId="parcel-timeline" title={t('parcels.detail.timeline')}>
        <Timeline
          items={[...parcel.events].reverse().map((event) => ({
            key: `${event.at.toISOString()}-${event.toStatus}`,
            content: (
              <div className="parcel-event" data-testid="parcel-event">
                <ParcelStatusTag status={event.toStatus} />
                <span className="card-list__muted">
                  <DateTime value={event.at} />
                </span>
                {eventDetail(event, language) ? (
                  <div className="card-list__text">{eventDetail(event, language)}</div>
                ) : null}
              </div>
            ),
          }))}
        />
      </PageCard>
    </>
  );
}

/**
 * What a timeline step says beside its status: the reason in words (a failed attempt's, a
 * pickup not handed over) in the reader's language, and a person's note. A pickup tick's note is
 * the reason's code, already said in words.
 */
function eventDetail(event: ParcelDetail['events'][number], language: 'en' | 'bn'): string {
  const pickupTick =
    event.reason === pickupEventReasons.collected || event.reason === pickupEventReasons.missed;
  const why = event.reason ? trackingMessage(event.toStatus, event.reason, event.note)[language] : null;
  return [why, pickupTick ? null : event.note].filter(Boolean).join(' · ');
}
