import type { Parcel } from '@dak/domain/parcel';
import { defaultParcelListPreferences, type ParcelListColumn } from '@dak/domain/parcel-list';
import { formatPhoneLocal } from '@dak/domain/phone';
import { Checkbox, ConfigProvider, Table, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatTaka } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { ParcelStatusTag, PaymentStatusTag } from './parcel-status-tag';
import './parcels.css';

const areaName = (parcel: Parcel, language: 'en' | 'bn') =>
  language === 'bn' ? parcel.deliveryArea.nameBn : parcel.deliveryArea.nameEn;

function TrackingLink({ parcel }: { parcel: Parcel }) {
  return (
    <Link to={`/parcels/${parcel.id}`} className="tracking-id" dir="ltr">
      {parcel.trackingId}
    </Link>
  );
}

/** Parcels ticked for printing labels; deleted parcels cannot be ticked (they get no label). */
export type ParcelSelection = { selected: string[]; onChange: (ids: string[]) => void };

const selectable = (parcel: Parcel) => parcel.status !== 'deleted';

/**
 * Parcels as a table on a computer: one row each, the tracking ID opens the parcel; the other
 * columns as chosen in the list settings; a tick column when labels can be printed.
 */
export function ParcelTable({
  items,
  selection,
  columns: shown = defaultParcelListPreferences.columns,
}: {
  items: Parcel[];
  selection?: ParcelSelection;
  columns?: readonly ParcelListColumn[];
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const optional: Record<ParcelListColumn, TableColumnType<Parcel>> = {
    customer: {
      key: 'customer',
      title: t('parcels.fields.customer'),
      render: (_, parcel) => (
        <div className="parcel-table__cell">
          <span>{parcel.customerName}</span>
          <span className="card-list__muted phone-number" dir="ltr">
            {formatPhoneLocal(parcel.customerPhone)}
          </span>
        </div>
      ),
    },
    invoiceId: {
      key: 'invoiceId',
      title: t('parcels.fields.invoiceId'),
      render: (_, parcel) => parcel.invoiceId ?? '—',
    },
    deliveryArea: {
      key: 'area',
      title: t('parcels.fields.deliveryArea'),
      render: (_, parcel) => areaName(parcel, language),
    },
    pickupLocation: {
      key: 'pickupLocation',
      title: t('parcels.fields.pickupLocation'),
      render: (_, parcel) => parcel.pickupLocation.name,
    },
    status: {
      key: 'status',
      title: t('parcels.fields.status'),
      render: (_, parcel) => (
        <div className="parcel-table__tags">
          <ParcelStatusTag status={parcel.status} />
          <PaymentStatusTag status={parcel.paymentStatus} />
        </div>
      ),
    },
    cashCollection: {
      key: 'cash',
      title: t('parcels.fields.cashCollection'),
      align: 'right',
      render: (_, parcel) => formatTaka(parcel.cashCollectionAmount, language),
    },
    totalCharge: {
      key: 'charge',
      title: t('parcels.fields.totalCharge'),
      align: 'right',
      render: (_, parcel) => formatTaka(parcel.charge.totalCharge, language),
    },
  };
  // The table's own order, whatever order the columns were ticked in.
  const order: ParcelListColumn[] = [
    'customer',
    'invoiceId',
    'deliveryArea',
    'pickupLocation',
    'status',
    'cashCollection',
    'totalCharge',
  ];
  return (
    // Ticked rows get a light tint of the brand green, so their text stays easy to read.
    <ConfigProvider
      theme={{ components: { Table: { rowSelectedBg: '#e8f3ef', rowSelectedHoverBg: '#dcede6' } } }}
    >
      <Table<Parcel>
        rowKey="id"
        dataSource={items}
        rowSelection={
          selection
            ? {
                selectedRowKeys: selection.selected,
                // Ticks on other pages stay while the merchant pages through the list.
                preserveSelectedRowKeys: true,
                onChange: (keys) => selection.onChange(keys.map(String)),
                getCheckboxProps: (parcel) => ({
                  disabled: !selectable(parcel),
                  'aria-label': t('labels.select', { trackingId: parcel.trackingId }),
                }),
                getTitleCheckboxProps: () => ({ 'aria-label': t('labels.selectPage') }),
              }
            : undefined
        }
        pagination={false}
        size="middle"
        className="parcel-table"
        onRow={() => ({ 'data-testid': 'parcel-row' }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            key: 'tracking',
            title: t('parcels.fields.trackingId'),
            render: (_, parcel) => (
              <div className="parcel-table__cell">
                <TrackingLink parcel={parcel} />
                <span className="card-list__muted">{formatDate(parcel.createdAt, language)}</span>
              </div>
            ),
          },
          ...order.filter((column) => shown.includes(column)).map((column) => optional[column]),
        ]}
      />
    </ConfigProvider>
  );
}

/** Parcels as cards on a phone: tracking ID and status first, then customer, area and money. */
export function ParcelCards({ items, selection }: { items: Parcel[]; selection?: ParcelSelection }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toggle = (id: string, on: boolean) => {
    if (!selection) return;
    const rest = selection.selected.filter((selected) => selected !== id);
    selection.onChange(on ? [...rest, id] : rest);
  };
  return (
    <ul className="card-list" aria-label={t('parcels.listLabel')}>
      {items.map((parcel) => (
        <li key={parcel.id} className="card-list__item parcel-card" data-testid="parcel-row">
          <div className="card-list__main">
            <div className="parcel-card__head">
              {selection ? (
                <Checkbox
                  className="parcel-card__select"
                  checked={selection.selected.includes(parcel.id)}
                  disabled={!selectable(parcel)}
                  onChange={(event) => toggle(parcel.id, event.target.checked)}
                  aria-label={t('labels.select', { trackingId: parcel.trackingId })}
                />
              ) : null}
              <TrackingLink parcel={parcel} />
              <ParcelStatusTag status={parcel.status} />
            </div>
            <div className="card-list__text">
              {parcel.customerName} ·{' '}
              <span className="phone-number" dir="ltr">
                {formatPhoneLocal(parcel.customerPhone)}
              </span>
            </div>
            <div className="card-list__text card-list__muted">
              {areaName(parcel, language)} · {formatDate(parcel.createdAt, language)}
            </div>
            <div className="parcel-card__money">
              <span>
                {t('parcels.fields.cashCollection')}:{' '}
                <strong>{formatTaka(parcel.cashCollectionAmount, language)}</strong>
              </span>
              <span>
                {t('parcels.fields.totalCharge')}:{' '}
                <strong>{formatTaka(parcel.charge.totalCharge, language)}</strong>
              </span>
            </div>
            <div>
              <PaymentStatusTag status={parcel.paymentStatus} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
