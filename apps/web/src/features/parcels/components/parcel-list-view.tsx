import { maxLabelsPerRequest } from '@dak/domain/labels';
import type { ParcelListPreferences } from '@dak/domain/parcel-list';
import { type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, LinkButton } from '../../../components/light/button';
import { PlusIcon, SettingsIcon, SheetIcon, UploadIcon } from '../../../components/light/icons';
import { ListResults } from '../../../components/light/list-results';
import { withAntd } from '../../../components/light/with-antd';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useParcels } from '../api/list-parcels';
import { useParcelFilter } from '../hooks/use-parcel-filter';
import { ParcelCards, ParcelTable } from './parcel-list';
import { ParcelFilters, ParcelTabs } from './parcel-list-filters';
import './parcel-list.css';

// The list's rarely used tools keep antd, loaded with it on the first press (issue 16).
const ListSettings = withAntd(async () => (await import('./list-settings')).ListSettings);
const ExportParcels = withAntd(async () => (await import('./export-parcels')).ExportParcels);

/**
 * A tool's button until it is first pressed; then the tool itself (antd), opened at once in the
 * same place. While it loads the button stays, busy.
 */
function LazyTool({
  icon,
  text,
  testId,
  children,
}: {
  icon: ReactNode;
  text: string;
  testId: string;
  children: ReactNode;
}) {
  const [wanted, setWanted] = useState(false);
  const button = (busy: boolean) => (
    <Button icon={icon} loading={busy} data-testid={testId} onClick={() => setWanted(true)}>
      {text}
    </Button>
  );
  if (!wanted) return button(false);
  return <Suspense fallback={button(true)}>{children}</Suspense>;
}

/**
 * A shop's parcels by stage, payment, date and a search, the filters in the address; parcels
 * ticked for labels are kept across pages and filters until printed or cleared (`printLabels`
 * is the labels feature's button, passed in by the page). Plain React: antd comes only with the
 * list settings, the export and the labels' button, when they are used.
 */
export function ParcelListView({
  shopId,
  canCreate,
  preferences,
  printLabels,
}: {
  shopId: string;
  canCreate: boolean;
  preferences: ParcelListPreferences;
  printLabels: (parcelIds: string[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const state = useParcelFilter(preferences);
  const { filter, page, pageSize, setPage } = state;
  const list = useParcels(shopId, filter);
  const [selected, setSelected] = useState<string[]>([]);
  const selection = { selected, onChange: setSelected };
  const filtered = Boolean(
    filter.statusGroup || filter.status || filter.paymentStatus || filter.from || filter.to || filter.q,
  );
  const { offset: _offset, limit: _limit, ...exportFilters } = filter;

  return (
    <>
      <div className="page__head">
        <h1 className="parcel-list__title">{t('parcels.title')}</h1>
        {canCreate ? (
          <div className="page__actions">
            <LinkButton icon={<UploadIcon />} to="/parcels/bulk">
              {t('bulk.link')}
            </LinkButton>
            <LinkButton variant="primary" icon={<PlusIcon />} to="/parcels/new">
              {t('nav.bookParcel')}
            </LinkButton>
          </div>
        ) : null}
      </div>
      <ParcelTabs shopId={shopId} preferences={preferences} state={state} />
      <ParcelFilters state={state} />
      <div className="list-tools">
        <LazyTool icon={<SettingsIcon />} text={t('parcels.settings.button')} testId="settings-open">
          <ListSettings shopId={shopId} preferences={preferences} initiallyOpen />
        </LazyTool>
        <LazyTool icon={<SheetIcon />} text={t('parcels.export.button')} testId="export-open">
          <ExportParcels
            shopId={shopId}
            count={list.data?.count}
            countCapped={list.data?.countCapped}
            filters={exportFilters}
            initiallyOpen
          />
        </LazyTool>
      </div>
      <ListResults
        list={list}
        page={page}
        pageSize={pageSize}
        onPage={setPage}
        empty={{
          description: filtered ? t('parcels.noMatch') : t('parcels.empty'),
          action:
            !filtered && canCreate ? (
              <LinkButton variant="primary" to="/parcels/new">
                {t('nav.bookParcel')}
              </LinkButton>
            ) : undefined,
        }}
        countText={(count, capped) =>
          t(capped ? 'parcels.countCapped' : 'parcels.count', { n: formatNumber(count, language) })
        }
        countTestId="parcel-count"
      >
        {(items, phone) =>
          phone ? (
            <ParcelCards items={items} selection={selection} />
          ) : (
            <ParcelTable items={items} selection={selection} columns={preferences.columns} />
          )
        }
      </ListResults>
      {selected.length > 0 ? (
        <section
          className="selection-bar"
          aria-label={t('labels.selected', { n: formatNumber(selected.length, language) })}
        >
          <span className="selection-bar__count" data-testid="selected-count">
            {t('labels.selected', { n: formatNumber(selected.length, language) })}
          </span>
          <Button variant="text" onClick={() => setSelected([])} className="selection-bar__clear">
            {t('labels.clear')}
          </Button>
          {selected.length > maxLabelsPerRequest ? (
            <span className="parcel-list__danger">{t('labels.tooMany')}</span>
          ) : null}
          {/* The labels' button sits in antd's App wrapper: this box is what the bar lays out. */}
          <div className="selection-bar__print">{printLabels(selected)}</div>
        </section>
      ) : null}
    </>
  );
}
