import { extraTabsOf, type ParcelListExtraTab, type ParcelListPreferences } from '@dak/domain/parcel-list';
import { type PaymentStatus, parcelStatusGroupNames, paymentStatuses } from '@dak/domain/parcel-status';
import { DatePicker, Select, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ListSearch, usePhone } from '../../../components/list/list-results';
import { useSearchText } from '../../../components/list/use-list-params';
import { useLanguage } from '../../../lib/i18n';
import { useStatusCount } from '../api/list-parcels';
import type { useParcelFilter } from '../hooks/use-parcel-filter';
import { formatParcelCount } from '../parcel-count';

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

/** The search (sent when typing pauses), payment and date filters. */
export function ParcelFilters({ state: { filter, extraTab, update } }: { state: FilterState }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const search = useSearchText(filter.q ?? '', (q) => update({ q: q || undefined }), 350);
  return (
    <div className="list-filters">
      {filter.status && !extraTab ? (
        <Tag
          closable={{ 'aria-label': t('parcels.clearStatus') }}
          data-testid="status-filter"
          onClose={() => update({ status: undefined })}
        >
          {t(`parcels.statuses.${filter.status}`)}
        </Tag>
      ) : null}
      <ListSearch search={search} section="parcels" className="parcel-filters__search" />
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
  );
}
