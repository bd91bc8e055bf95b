import type { Parcel } from '@dak/domain/parcel';
import { defaultParcelListPreferences, type ParcelListColumn } from '@dak/domain/parcel-list';
import { formatPhoneLocal } from '@dak/domain/phone';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatTaka } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { ParcelStatusTag, PaymentStatusTag } from './parcel-status-tag';
import './parcel-list.css';

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

/** A tick box; `mixed` draws the header's "some of the page" state; `pad` puts it in a wider target. */
function Tick({
  checked,
  mixed = false,
  disabled,
  label,
  onChange,
  pad,
}: {
  checked: boolean;
  mixed?: boolean;
  disabled?: boolean;
  label: string;
  onChange: (on: boolean) => void;
  pad?: string;
}) {
  const box = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => {
    if (box.current) box.current.indeterminate = mixed;
  }, [mixed]);
  const input = (
    <input
      ref={box}
      id={id}
      type="checkbox"
      className="parcel-tick"
      checked={checked}
      disabled={disabled}
      aria-label={label}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
  return pad ? (
    <label className={pad} htmlFor={id}>
      {input}
    </label>
  ) : (
    input
  );
}

/** Ticks and unticks one parcel, keeping the ticks on other pages. */
const toggle = (selection: ParcelSelection, id: string, on: boolean) => {
  const rest = selection.selected.filter((selected) => selected !== id);
  selection.onChange(on ? [...rest, id] : rest);
};

type Column = { key: string; title: string; numeric?: boolean; cell: (parcel: Parcel) => ReactNode };

/**
 * Parcels as a table on a computer: one row each, the tracking ID opens the parcel; the other
 * columns as chosen in the list settings; a tick column when labels can be printed. A plain table
 * (issue 16), scrolled sideways inside its box when the columns are wider than the screen.
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
  const optional: Record<ParcelListColumn, Column> = {
    customer: {
      key: 'customer',
      title: t('parcels.fields.customer'),
      cell: (parcel) => (
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
      cell: (parcel) => parcel.invoiceId ?? '—',
    },
    deliveryArea: {
      key: 'area',
      title: t('parcels.fields.deliveryArea'),
      cell: (parcel) => areaName(parcel, language),
    },
    pickupLocation: {
      key: 'pickupLocation',
      title: t('parcels.fields.pickupLocation'),
      cell: (parcel) => parcel.pickupLocation.name,
    },
    status: {
      key: 'status',
      title: t('parcels.fields.status'),
      cell: (parcel) => (
        <div className="light-tags">
          <ParcelStatusTag status={parcel.status} />
          <PaymentStatusTag status={parcel.paymentStatus} />
        </div>
      ),
    },
    cashCollection: {
      key: 'cash',
      title: t('parcels.fields.cashCollection'),
      numeric: true,
      cell: (parcel) => formatTaka(parcel.cashCollectionAmount, language),
    },
    totalCharge: {
      key: 'charge',
      title: t('parcels.fields.totalCharge'),
      numeric: true,
      cell: (parcel) => formatTaka(parcel.charge.totalCharge, language),
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
  const columns: Column[] = [
    {
      key: 'tracking',
      title: t('parcels.fields.trackingId'),
      cell: (parcel) => (
        <div className="parcel-table__cell">
          <TrackingLink parcel={parcel} />
          <span className="card-list__muted">{formatDate(parcel.createdAt, language)}</span>
        </div>
      ),
    },
    ...order.filter((column) => shown.includes(column)).map((column) => optional[column]),
  ];
  const pageIds = items.filter(selectable).map((parcel) => parcel.id);
  const tickedHere = selection ? pageIds.filter((id) => selection.selected.includes(id)).length : 0;
  // The header's tick takes or drops the page's parcels; ticks on other pages stay.
  const tickPage = (on: boolean) => {
    if (!selection) return;
    const others = selection.selected.filter((id) => !pageIds.includes(id));
    selection.onChange(on ? [...others, ...pageIds] : others);
  };
  return (
    <div className="parcel-table-scroll">
      <table className="parcel-table">
        <thead>
          <tr>
            {selection ? (
              <th className="parcel-table__select" scope="col">
                <Tick
                  checked={pageIds.length > 0 && tickedHere === pageIds.length}
                  mixed={tickedHere > 0 && tickedHere < pageIds.length}
                  disabled={pageIds.length === 0}
                  label={t('labels.selectPage')}
                  onChange={tickPage}
                />
              </th>
            ) : null}
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={column.numeric ? 'parcel-table__numeric' : undefined}
              >
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((parcel) => {
            const ticked = selection?.selected.includes(parcel.id) ?? false;
            return (
              <tr
                key={parcel.id}
                data-testid="parcel-row"
                className={ticked ? 'parcel-table__row parcel-table__row--selected' : 'parcel-table__row'}
              >
                {selection ? (
                  <td className="parcel-table__select">
                    <Tick
                      checked={ticked}
                      disabled={!selectable(parcel)}
                      label={t('labels.select', { trackingId: parcel.trackingId })}
                      onChange={(on) => toggle(selection, parcel.id, on)}
                    />
                  </td>
                ) : null}
                {columns.map((column) => (
                  <td key={column.key} className={column.numeric ? 'parcel-table__numeric' : undefined}>
                    {column.cell(parcel)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Parcels as cards on a phone: tracking ID and status first, then customer, area and money. */
export function ParcelCards({ items, selection }: { items: Parcel[]; selection?: ParcelSelection }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ul className="card-list" aria-label={t('parcels.listLabel')}>
      {items.map((parcel) => {
        const ticked = selection?.selected.includes(parcel.id) ?? false;
        return (
          <li
            key={parcel.id}
            className={
              ticked ? 'card-list__item parcel-card parcel-card--selected' : 'card-list__item parcel-card'
            }
            data-testid="parcel-row"
          >
            <div className="card-list__main">
              <div className="parcel-card__head">
                {selection ? (
                  <Tick
                    pad="parcel-card__select"
                    checked={ticked}
                    disabled={!selectable(parcel)}
                    label={t('labels.select', { trackingId: parcel.trackingId })}
                    onChange={(on) => toggle(selection, parcel.id, on)}
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
        );
      })}
    </ul>
  );
}
