import {
  excludedStatusOf,
  extraTabsOf,
  type ParcelListPreferences,
  parcelListExtraTabs,
} from '@dak/domain/parcel-list';
import { parcelStatuses, parcelStatusGroupNames, paymentStatuses } from '@dak/domain/parcel-status';
import { oneOf, pageParam, useListParams } from '../../../components/list/use-list-params';
import type { ParcelFilter } from '../api/list-parcels';

const isDate = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The parcel list's filters from the address. With no tab in the address the list opens on the
 * user's chosen tab; `group=all` is All then. `group` also names the tabs the preferences turn on
 * (Failed delivery, Needs prepayment); one turned off reads as All. `status` narrows to one
 * stage (the dashboard's counts link here with it); a held parcel asked for by name is shown
 * even when held parcels are kept separate. The page's hook and the route's loader (which asks
 * for the page before the page has loaded, app/route-data.ts) both read the address with it.
 */
export function parcelFilterOf(params: URLSearchParams, preferences: ParcelListPreferences) {
  const pageSize = preferences.pageSize;
  const page = pageParam(params.get('page'));
  const group = params.get('group') ?? preferences.defaultStatusGroup;
  const extraTab = extraTabsOf(preferences).find((tab) => tab === group) ?? null;
  const from = params.get('from');
  const to = params.get('to');
  const q = params.get('q')?.trim() || undefined;
  const status = extraTab
    ? parcelListExtraTabs[extraTab]
    : oneOf(params.get('status'), parcelStatuses, undefined);
  const excludeStatus = excludedStatusOf(preferences, { tab: extraTab, searching: Boolean(q) });
  const filter: ParcelFilter = {
    statusGroup: oneOf(group, parcelStatusGroupNames, undefined),
    status,
    excludeStatus: excludeStatus === status ? undefined : excludeStatus,
    paymentStatus: oneOf(params.get('payment'), paymentStatuses, undefined),
    from: isDate(from) ? from : undefined,
    to: isDate(to) ? to : undefined,
    q,
    offset: (page - 1) * pageSize,
    limit: pageSize,
    sort: preferences.sort,
  };
  return { filter, extraTab, page, pageSize };
}

/** The list's filters from the address (`parcelFilterOf`), with the setters that change it. */
export function useParcelFilter(preferences: ParcelListPreferences) {
  const { params, update, setPage } = useListParams({ pageSize: preferences.pageSize, replace: true });
  return { ...parcelFilterOf(params, preferences), update, setPage };
}
