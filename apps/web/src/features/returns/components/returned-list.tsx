import { PhoneOutlined } from '@ant-design/icons';
import type { ParcelStatus } from '@dak/domain/parcel-status';
import { failedAttemptReasons } from '@dak/domain/parcel-status';
import { formatPhoneLocal } from '@dak/domain/phone';
import { type ReturnedParcelView, returnedParcelViews } from '@dak/domain/returns';
import { Segmented, type TableColumnsType, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListResults, ListSearch, usePhone } from '../../../components/list/list-results';
import { oneOf, useListParams, useListSearch } from '../../../components/list/use-list-params';
import { DateTime } from '../../../components/ops/date-time';
import { formatNumber, formatTaka } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { type ReturnedItem, returnedPageSize, useReturnedParcels } from '../api/returned-parcels';
import { ReattemptDialog } from './reattempt-dialog';
import { ReturnedDecision } from './returned-decision';
import { returnsCardsOrTable } from './returns-cards';

/**
 * Failed deliveries to decide, parcels on the way back and returned ones, by view and search (in
 * the address); `statusTag` shows a parcel's status (the parcels feature's tag, from the page).
 */
export function ReturnedList({
  shopId,
  canDecide,
  statusTag,
}: {
  shopId: string;
  canDecide: boolean;
  statusTag: (status: ParcelStatus) => ReactNode;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const phone = usePhone();
  const listParams = useListParams({
    pageSize: returnedPageSize,
    replace: true,
  });
  const { params, page, offset, update, setPage } = listParams;
  const view = oneOf(params.get('view'), returnedParcelViews, 'attempted');
  const { q, search } = useListSearch(listParams);
  const [asking, setAsking] = useState<ReturnedItem | null>(null);
  const list = useReturnedParcels(shopId, { view, q, offset });

  const failedReason = (p: ReturnedItem) => {
    const reason = failedAttemptReasons[p.failedReason as keyof typeof failedAttemptReasons];
    return reason ? reason[language] : null;
  };
  const decision = (p: ReturnedItem) => (
    <ReturnedDecision
      shopId={shopId}
      parcel={p}
      canDecide={canDecide}
      onReattempt={setAsking}
      statusTag={statusTag(p.status)}
    />
  );
  const parcelCell = (p: ReturnedItem) => (
    <div>
      <strong className="tracking-id">{p.trackingId}</strong>
      {p.invoiceId ? <div className="returns-secondary">{p.invoiceId}</div> : null}
      <div className="returns-secondary">
        {t('returns.cash', { amount: formatTaka(p.cashCollectionAmount, language) })}
      </div>
    </div>
  );
  const customerCell = (p: ReturnedItem) => (
    <div>
      <div>{p.customerName}</div>
      <div className="returns-secondary phone-number">{formatPhoneLocal(p.customerPhone)}</div>
      <div className="returns-secondary">{p.deliveryArea[language]}</div>
    </div>
  );

  const columns: TableColumnsType<ReturnedItem> = [
    { key: 'parcel', title: t('returns.columns.parcel'), render: (_, p) => parcelCell(p) },
    { key: 'customer', title: t('returns.columns.customer'), render: (_, p) => customerCell(p) },
    {
      key: 'reason',
      title: t('returns.columns.reason'),
      render: (_, p) => (
        <div>
          <div>{failedReason(p)}</div>
          <div className="returns-secondary">
            <DateTime value={p.attemptedAt} />
          </div>
        </div>
      ),
    },
    {
      key: 'decision',
      title: view === 'attempted' ? t('returns.columns.decision') : t('returns.columns.status'),
      render: (_, p) => decision(p),
    },
  ];

  return (
    <>
      <div className="page__head">
        <Typography.Title level={1} className="page__title">
          {t('returns.title')}
        </Typography.Title>
        <Link to="/call-logs" className="returns-head-link">
          <PhoneOutlined aria-hidden /> {t('nav.callLogs')}
        </Link>
      </div>
      <Typography.Paragraph type="secondary">
        {t('returns.intro', { hours: formatNumber(list.data?.autoReturnHours ?? 24, language) })}
      </Typography.Paragraph>
      <Segmented<ReturnedParcelView>
        className="returns-views"
        block={phone}
        value={view}
        onChange={(next) => update({ view: next === 'attempted' ? undefined : next })}
        options={returnedParcelViews.map((v) => ({ value: v, label: t(`returns.views.${v}`) }))}
      />
      <div className="list-filters">
        <ListSearch search={search} section="returns" />
      </div>
      <ListResults
        list={list}
        page={page}
        pageSize={returnedPageSize}
        onPage={setPage}
        empty={{ description: q ? t('returns.noMatch') : t(`returns.empty.${view}`) }}
        countText={(count) => t('returns.count', { count, n: formatNumber(count, language) })}
      >
        {returnsCardsOrTable({
          markTrackingId: true,
          columns,
          loading: list.isPlaceholderData,
          head: (p) => (
            <>
              {parcelCell(p)}
              {statusTag(p.status)}
            </>
          ),
          body: (p) => (
            <>
              {customerCell(p)}
              {p.failedReason ? (
                <div className="returns-card__reason">
                  {failedReason(p)} · <DateTime value={p.attemptedAt} />
                </div>
              ) : null}
              {p.status === 'delivery_attempted' ? decision(p) : null}
            </>
          ),
        })}
      </ListResults>
      <ReattemptDialog shopId={shopId} parcel={asking} onClose={() => setAsking(null)} />
    </>
  );
}
