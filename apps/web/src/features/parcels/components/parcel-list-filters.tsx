import { extraTabsOf, type ParcelListExtraTab, type ParcelListPreferences } from '@dak/domain/parcel-list';
import { type PaymentStatus, parcelStatusGroupNames, paymentStatuses } from '@dak/domain/parcel-status';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/light/date-input';
import { CloseIcon } from '../../../components/light/icons';
import { SearchInput } from '../../../components/light/search-input';
import { Tabs } from '../../../components/light/tabs';
import { useSearchText } from '../../../components/list/use-list-params';
import { useLanguage } from '../../../lib/i18n';
import { useStatusCount } from '../api/list-parcels';
import type { useParcelFilter } from '../hooks/use-parcel-filter';
import { formatParcelCount } from '../parcel-count';
import './parcel-list.css';

type FilterState = ReturnType<typeof useParcelFilter>;

/** The stage tabs, with the counts of the tabs that ask for the merchant's action. */
export function ParcelTabs({
  shopId,
  preferences,
  state: { filter, extraTab, update },
}: {
  shopId: string;
  preferences: ParcelListPreferences;
  state: FilterState;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const extraTabs = extraTabsOf(preferences);
  const counts: Record<ParcelListExtraTab, { count: number; capped: boolean } | undefined> = {
    failed_delivery: useStatusCount(shopId, 'delivery_attempted', extraTabs.includes('failed_delivery')).data,
    needs_prepayment: useStatusCount(shopId, 'pickup_hold', extraTabs.includes('needs_prepayment')).data,
  };
  return (
    <Tabs
      className="parcel-tabs"
      label={t('parcels.title')}
      activeKey={extraTab ?? filter.statusGroup ?? 'all'}
      // All is written out when the user's opening tab is another one.
      // A stage picked on the dashboard (`status`) belongs to the tab it came with: a new tab drops it.
      onChange={(key) =>
        update({
          group: key === 'all' && !preferences.defaultStatusGroup ? undefined : key,
          status: undefined,
        })
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
                <span className="parcel-tabs__count">
                  {formatParcelCount(counts[tab].count, counts[tab].capped, language)}
                </span>
              ) : null}
            </span>
          ),
        })),
        ...parcelStatusGroupNames.map((group) => ({ key: group, label: t(`parcels.groups.${group}`) })),
      ]}
    />
  );
}

/**
 * The search (sent when typing pauses), payment and date filters: the browser's own select and
 * date inputs (the phone's pickers, no antd: issue 16), as on the dashboard.
 */
export function ParcelFilters({ state: { filter, extraTab, update } }: { state: FilterState }) {
  const { t } = useTranslation();
  const [text, setText] = useSearchText(filter.q ?? '', (q) => update({ q: q || undefined }), 350);
  return (
    <div className="list-filters parcel-filters">
      {filter.status && !extraTab ? (
        <span className="parcel-filters__status" data-testid="status-filter">
          {t(`parcels.statuses.${filter.status}`)}
          <button
            type="button"
            className="parcel-filters__status-clear"
            aria-label={t('parcels.clearStatus')}
            onClick={() => update({ status: undefined })}
          >
            <CloseIcon />
          </button>
        </span>
      ) : null}
      <SearchInput
        value={text}
        onChange={setText}
        label={t('parcels.search')}
        placeholder={t('parcels.searchPlaceholder')}
        clearLabel={t('parcels.clearSearch')}
        className="list-filters__search parcel-filters__search"
      />
      <select
        className="light-control parcel-filters__payment"
        value={filter.paymentStatus ?? ''}
        onChange={(event) => update({ payment: (event.target.value as PaymentStatus) || undefined })}
        aria-label={t('parcels.paymentFilter')}
      >
        <option value="">{t('parcels.paymentAll')}</option>
        {paymentStatuses.map((status) => (
          <option key={status} value={status}>
            {t(`parcels.paymentStatuses.${status}`)}
          </option>
        ))}
      </select>
      <fieldset className="light-dates parcel-filters__dates">
        <legend className="visually-hidden">{t('parcels.dateFilter')}</legend>
        <DateInput
          label={t('parcels.dateFrom')}
          value={filter.from ?? ''}
          max={filter.to}
          placeholder={t('parcels.dateAny')}
          onChange={(from) => update({ from: from || undefined })}
        />
        <DateInput
          label={t('parcels.dateTo')}
          value={filter.to ?? ''}
          min={filter.from}
          placeholder={t('parcels.dateAny')}
          onChange={(to) => update({ to: to || undefined })}
        />
      </fieldset>
    </div>
  );
}
