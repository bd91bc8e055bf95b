import { PlusOutlined, SearchOutlined, UploadOutlined } from '@ant-design/icons';
import { maxLabelsPerRequest } from '@dak/domain/labels';
import {
  excludedStatusOf,
  extraTabsOf,
  type ParcelListExtraTab,
  type ParcelListPreferences,
  parcelListExtraTabs,
} from '@dak/domain/parcel-list';
import {
  type ParcelStatusGroup,
  type PaymentStatus,
  parcelStatusGroupNames,
  paymentStatuses,
} from '@dak/domain/parcel-status';
import {
  Alert,
  Button,
  DatePicker,
  Empty,
  Grid,
  Input,
  Pagination,
  Select,
  Skeleton,
  Tabs,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LinkButton } from '../../../components/ui/link-button';
import { LabelPrint } from '../../../features/labels/components/label-print';
import { type ParcelFilter, useParcels, useStatusCount } from '../../../features/parcels/api/list-parcels';
import { useParcelListPreferences } from '../../../features/parcels/api/parcel-list-preferences';
import { ExportParcels } from '../../../features/parcels/components/export-parcels';
import { ListSettings } from '../../../features/parcels/components/list-settings';
import { ParcelCards, ParcelTable } from '../../../features/parcels/components/parcel-list';
import { useErrorText } from '../../../lib/error-text';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { RequireShop } from '../../require-shop';
import type { SelectedShop } from '../../shop-context';

const isGroup = (value: string | null): value is ParcelStatusGroup =>
  value !== null && (parcelStatusGroupNames as string[]).includes(value);
const isPayment = (value: string | null): value is PaymentStatus =>
  value !== null && (paymentStatuses as readonly string[]).includes(value);
const isDate = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The filters live in the address, so Back from a parcel returns to the same page of the list.
 * With no tab in the address the list opens on the user's chosen tab; `group=all` is All then.
 * `group` also names the tabs the preferences turn on (Failed delivery, Needs prepayment); one
 * turned off reads as All.
 */
function useFilterParams(preferences: ParcelListPreferences) {
  const pageSize = preferences.pageSize;
  const [params, setParams] = useSearchParams();
  const groupParam = params.get('group');
  const group = groupParam ?? preferences.defaultStatusGroup;
  const extraTab = extraTabsOf(preferences).find((tab) => tab === group) ?? null;
  const payment = params.get('payment');
  const from = params.get('from');
  const to = params.get('to');
  const page = Number(params.get('page') ?? '1');
  const q = params.get('q')?.trim() || undefined;
  const filter: ParcelFilter = {
    statusGroup: isGroup(group) ? group : undefined,
    status: extraTab ? parcelListExtraTabs[extraTab] : undefined,
    excludeStatus: excludedStatusOf(preferences, { tab: extraTab, searching: Boolean(q) }),
    paymentStatus: isPayment(payment) ? payment : undefined,
    from: isDate(from) ? from : undefined,
    to: isDate(to) ? to : undefined,
    q,
    offset: Number.isInteger(page) && page > 1 ? (page - 1) * pageSize : 0,
    limit: pageSize,
    sort: preferences.sort,
  };
  /** Changes some filters; any change but the page goes back to page 1. */
  const update = (changes: Record<string, string | undefined>) => {
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
  };
  return { filter, extraTab, page: filter.offset / pageSize + 1, pageSize, update };
}

function Parcels({ shop }: { shop: SelectedShop }) {
  const preferences = useParcelListPreferences(shop.id);
  const { errorText } = useErrorText();
  if (preferences.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (preferences.isError) return <Alert type="error" showIcon title={errorText(preferences.error)} />;
  return <ParcelList shop={shop} preferences={preferences.data} />;
}

function ParcelList({ shop, preferences }: { shop: SelectedShop; preferences: ParcelListPreferences }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { errorText } = useErrorText();
  const screens = Grid.useBreakpoint();
  const phone = !screens.md;
  const { filter, extraTab, page, pageSize, update } = useFilterParams(preferences);
  const extraTabs = extraTabsOf(preferences);
  const counts: Record<ParcelListExtraTab, number | undefined> = {
    failed_delivery: useStatusCount(shop.id, 'delivery_attempted', extraTabs.includes('failed_delivery'))
      .data,
    needs_prepayment: useStatusCount(shop.id, 'pickup_hold', extraTabs.includes('needs_prepayment')).data,
  };
  const [text, setText] = useState(filter.q ?? '');
  const list = useParcels(shop.id, filter);
  // Parcels ticked for labels, kept across pages and filters until printed or cleared.
  const [selected, setSelected] = useState<string[]>([]);
  const selection = { selected, onChange: setSelected };

  // The search runs when typing pauses.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if ((filter.q ?? '') !== text.trim()) update({ q: text.trim() || undefined });
    }, 350);
    return () => window.clearTimeout(timer);
  });

  const filtered = Boolean(
    filter.statusGroup || filter.status || filter.paymentStatus || filter.from || filter.to || filter.q,
  );

  return (
    <>
      <div className="page__head">
        <Typography.Title level={1} className="page__title">
          {t('parcels.title')}
        </Typography.Title>
        {shop.can('parcel.create') ? (
          <div className="page__actions">
            <LinkButton icon={<UploadOutlined aria-hidden />} to="/parcels/bulk">
              {t('bulk.link')}
            </LinkButton>
            <LinkButton type="primary" icon={<PlusOutlined aria-hidden />} to="/parcels/new">
              {t('nav.bookParcel')}
            </LinkButton>
          </div>
        ) : null}
      </div>
      <Tabs
        className="parcel-tabs"
        activeKey={extraTab ?? filter.statusGroup ?? 'all'}
        // All is written out when the user's opening tab is another one.
        onChange={(key) =>
          update({ group: key === 'all' && !preferences.defaultStatusGroup ? undefined : key })
        }
        // The tabs that ask for the merchant's action come right after All, in sight on a phone.
        items={[
          { key: 'all', label: t('parcels.groups.all') },
          ...extraTabs.map((tab) => ({
            key: tab,
            label: (
              <span data-testid={`tab-${tab}`}>
                {t(`parcels.tabs.${tab}`)}
                {counts[tab] !== undefined ? (
                  <span className="parcel-tabs__count">{formatNumber(counts[tab], language)}</span>
                ) : null}
              </span>
            ),
          })),
          ...parcelStatusGroupNames.map((group) => ({ key: group, label: t(`parcels.groups.${group}`) })),
        ]}
      />
      <div className="list-filters">
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('parcels.searchPlaceholder')}
          aria-label={t('parcels.search')}
          className="list-filters__search parcel-filters__search"
          type="search"
        />
        <Select<PaymentStatus>
          allowClear
          className="parcel-filters__payment"
          value={filter.paymentStatus}
          onChange={(value) => update({ payment: value })}
          placeholder={t('parcels.paymentFilter')}
          aria-label={t('parcels.paymentFilter')}
          options={paymentStatuses.map((status) => ({
            value: status,
            label: t(`parcels.paymentStatuses.${status}`),
          }))}
        />
        <DatePicker.RangePicker
          className="parcel-filters__dates"
          value={[filter.from ? dayjs(filter.from) : null, filter.to ? dayjs(filter.to) : null]}
          onChange={(range) =>
            update({ from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') })
          }
          allowEmpty={[true, true]}
          inputReadOnly={phone}
          aria-label={t('parcels.dateFilter')}
        />
      </div>
      <div className="list-tools">
        <ListSettings shopId={shop.id} preferences={preferences} />
        <ExportParcels
          shopId={shop.id}
          count={list.data?.count}
          filters={{
            statusGroup: filter.statusGroup,
            status: filter.status,
            excludeStatus: filter.excludeStatus,
            paymentStatus: filter.paymentStatus,
            from: filter.from,
            to: filter.to,
            q: filter.q,
            sort: filter.sort,
          }}
        />
      </div>
      {list.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {list.isError ? <Alert type="error" showIcon title={errorText(list.error)} /> : null}
      {list.data ? (
        list.data.items.length === 0 ? (
          <Empty
            className="page-card"
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={filtered ? t('parcels.noMatch') : t('parcels.empty')}
          >
            {!filtered && shop.can('parcel.create') ? (
              <LinkButton type="primary" to="/parcels/new">
                {t('nav.bookParcel')}
              </LinkButton>
            ) : null}
          </Empty>
        ) : (
          <>
            <Typography.Paragraph
              type="secondary"
              className="list-count"
              aria-live="polite"
              data-testid="parcel-count"
            >
              {t('parcels.count', { n: formatNumber(list.data.count, language) })}
            </Typography.Paragraph>
            {phone ? (
              <ParcelCards items={list.data.items} selection={selection} />
            ) : (
              <ParcelTable items={list.data.items} selection={selection} columns={preferences.columns} />
            )}
            {list.data.count > pageSize ? (
              <Pagination
                className="parcel-pagination"
                current={page}
                pageSize={pageSize}
                total={list.data.count}
                showSizeChanger={false}
                simple={phone}
                onChange={(next) => update({ page: next > 1 ? String(next) : undefined })}
              />
            ) : null}
          </>
        )
      ) : null}
      {selected.length > 0 ? (
        <section
          className="selection-bar"
          aria-label={t('labels.selected', { n: formatNumber(selected.length, language) })}
        >
          <span className="selection-bar__count" data-testid="selected-count">
            {t('labels.selected', { n: formatNumber(selected.length, language) })}
          </span>
          <Button type="link" onClick={() => setSelected([])} className="selection-bar__clear">
            {t('labels.clear')}
          </Button>
          {selected.length > maxLabelsPerRequest ? (
            <Typography.Text type="danger">{t('labels.tooMany')}</Typography.Text>
          ) : null}
          <LabelPrint shopId={shop.id} parcelIds={selected} />
        </section>
      ) : null}
    </>
  );
}

/** Parcels: the selected shop's parcels by stage, payment, date and a search; 20 a page unless the user saved otherwise. */
export function ParcelsPage() {
  return (
    <div className="page page--wide">
      <RequireShop permission="parcel.view">{(shop) => <Parcels key={shop.id} shop={shop} />}</RequireShop>
    </div>
  );
}
