import { PhoneOutlined, RedoOutlined, RollbackOutlined, SearchOutlined } from '@ant-design/icons';
import { failedAttemptReasons } from '@dak/domain/parcel-status';
import { formatPhoneLocal } from '@dak/domain/phone';
import { type ReturnedParcelView, reattemptReasons, returnedParcelViews } from '@dak/domain/returns';
import {
  Alert,
  Button,
  Empty,
  Grid,
  Input,
  Pagination,
  Popconfirm,
  Segmented,
  Skeleton,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { DateTime } from '../../../components/ops/date-time';
import { ParcelStatusTag } from '../../../features/parcels/components/parcel-status-tag';
import {
  type ReturnedItem,
  returnedPageSize,
  useConfirmReturn,
  useReturnedParcels,
} from '../../../features/returns/api/returned-parcels';
import { ReattemptDialog } from '../../../features/returns/components/reattempt-dialog';
import '../../../features/returns/components/returns.css';
import { useErrorText } from '../../../lib/error-text';
import { formatNumber, formatTaka } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { RequireShop } from '../../require-shop';
import type { SelectedShop } from '../../shop-context';

function viewParam(value: string | null): ReturnedParcelView {
  return (returnedParcelViews as readonly string[]).includes(value ?? '')
    ? (value as ReturnedParcelView)
    : 'attempted';
}

function ReturnedParcels({ shop }: { shop: SelectedShop }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { errorText } = useErrorText();
  const phone = !Grid.useBreakpoint().md;
  const [params, setParams] = useSearchParams();
  const view = viewParam(params.get('view'));
  const q = params.get('q')?.trim() || undefined;
  const pageNumber = Number(params.get('page') ?? '1');
  const page = Number.isInteger(pageNumber) && pageNumber > 1 ? pageNumber : 1;
  const [text, setText] = useState(q ?? '');
  const [asking, setAsking] = useState<ReturnedItem | null>(null);
  const list = useReturnedParcels(shop.id, { view, q, offset: (page - 1) * returnedPageSize });
  const confirm = useConfirmReturn(shop.id);
  const canDecide = shop.can('parcel.edit');

  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );

  useEffect(() => {
    const timer = window.setTimeout(() => {
      if ((q ?? '') !== text.trim()) update({ q: text.trim() || undefined });
    }, 350);
    return () => window.clearTimeout(timer);
  });

  const confirmReturn = async (parcel: ReturnedItem) => {
    try {
      await confirm.mutateAsync(parcel.trackingId);
      toast.success(t('returns.returnConfirmed', { id: parcel.trackingId }));
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  const failedReason = (p: ReturnedItem) => {
    const reason = failedAttemptReasons[p.failedReason as keyof typeof failedAttemptReasons];
    return reason ? reason[language] : null;
  };

  const decision = (p: ReturnedItem): ReactNode => {
    if (p.status !== 'delivery_attempted') return <ParcelStatusTag status={p.status} />;
    if (p.reattemptApprovedAt) return <Tag color="green">{t('returns.approved')}</Tag>;
    if (p.approval?.status === 'pending') {
      const reason = reattemptReasons[p.approval.reason as keyof typeof reattemptReasons];
      return (
        <div>
          <Tag color="gold">{t('returns.pending')}</Tag>
          {reason ? <div className="returns-secondary">{reason[language]}</div> : null}
        </div>
      );
    }
    return (
      <div className="returns-decide">
        {canDecide ? (
          <div className="returns-actions">
            <Button type="primary" icon={<RedoOutlined aria-hidden />} onClick={() => setAsking(p)}>
              {t('returns.reattempt')}
            </Button>
            <Popconfirm
              title={t('returns.confirmReturnTitle', { id: p.trackingId })}
              description={t('returns.confirmReturnBody')}
              okText={t('returns.confirmReturn')}
              cancelText={t('returns.cancel')}
              onConfirm={() => confirmReturn(p)}
            >
              <Button
                icon={<RollbackOutlined aria-hidden />}
                loading={confirm.isPending && confirm.variables === p.trackingId}
              >
                {t('returns.confirmReturn')}
              </Button>
            </Popconfirm>
          </div>
        ) : null}
        {p.approval?.status === 'rejected' ? <Tag color="red">{t('returns.rejected')}</Tag> : null}
        {p.autoReturnAt ? (
          <div className="returns-secondary">
            {t('returns.autoReturnAt')} <DateTime value={p.autoReturnAt} />
          </div>
        ) : null}
      </div>
    );
  };

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

  const items = list.data?.items ?? [];
  const hours = list.data?.autoReturnHours ?? 24;

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
        {t('returns.intro', { hours: formatNumber(hours, language) })}
      </Typography.Paragraph>
      <Segmented<ReturnedParcelView>
        className="returns-views"
        block={phone}
        value={view}
        onChange={(next) => update({ view: next === 'attempted' ? undefined : next })}
        options={returnedParcelViews.map((v) => ({ value: v, label: t(`returns.views.${v}`) }))}
      />
      <div className="list-filters">
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('returns.searchPlaceholder')}
          aria-label={t('returns.search')}
          className="list-filters__search"
          type="search"
        />
      </div>
      {list.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {list.isError ? <Alert type="error" showIcon title={errorText(list.error)} /> : null}
      {list.data ? (
        items.length === 0 ? (
          <Empty
            className="page-card"
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={q ? t('returns.noMatch') : t(`returns.empty.${view}`)}
          />
        ) : (
          <>
            <Typography.Paragraph type="secondary" className="list-count" aria-live="polite">
              {t('returns.count', { count: list.data.count, n: formatNumber(list.data.count, language) })}
            </Typography.Paragraph>
            {phone ? (
              <ul className="returns-cards">
                {items.map((p) => (
                  <li key={p.id} className="returns-card page-card" data-tracking-id={p.trackingId}>
                    <div className="returns-card__head">
                      {parcelCell(p)}
                      <ParcelStatusTag status={p.status} />
                    </div>
                    {customerCell(p)}
                    {p.failedReason ? (
                      <div className="returns-card__reason">
                        {failedReason(p)} · <DateTime value={p.attemptedAt} />
                      </div>
                    ) : null}
                    {p.status === 'delivery_attempted' ? decision(p) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <Table<ReturnedItem>
                className="returns-table"
                rowKey="id"
                columns={columns}
                dataSource={items}
                pagination={false}
                loading={list.isPlaceholderData}
                onRow={(p) => ({ 'data-tracking-id': p.trackingId }) as React.HTMLAttributes<HTMLElement>}
              />
            )}
            {list.data.count > returnedPageSize ? (
              <Pagination
                className="parcel-pagination"
                current={page}
                pageSize={returnedPageSize}
                total={list.data.count}
                showSizeChanger={false}
                simple={phone}
                onChange={(next) => update({ page: next > 1 ? String(next) : undefined })}
              />
            ) : null}
          </>
        )
      ) : null}
      <ReattemptDialog shopId={shop.id} parcel={asking} onClose={() => setAsking(null)} />
    </>
  );
}

/** Returned parcels (spec 2): failed deliveries to decide, parcels on the way back, returned ones. */
export function ReturnedParcelsPage() {
  return (
    <div className="page page--wide">
      <RequireShop permission="parcel.view">
        {(shop) => <ReturnedParcels key={shop.id} shop={shop} />}
      </RequireShop>
    </div>
  );
}
