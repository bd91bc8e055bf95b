import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { maxLabelsPerRequest } from '@dak/domain/labels';
import type { ParcelListPreferences } from '@dak/domain/parcel-list';
import { Button, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListResults } from '../../../components/list/list-results';
import { LinkButton } from '../../../components/ui/link-button';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useParcels } from '../api/list-parcels';
import { useParcelFilter } from '../hooks/use-parcel-filter';
import { ExportParcels } from './export-parcels';
import { ListSettings } from './list-settings';
import { ParcelCards, ParcelTable } from './parcel-list';
import { ParcelFilters, ParcelTabs } from './parcel-list-filters';

/**
 * A shop's parcels by stage, payment, date and a search, the filters in the address; parcels
 * ticked for labels are kept across pages and filters until printed or cleared (`printLabels`
 * is the labels feature's button, passed in by the page).
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
  const bookLink = (
    <LinkButton type="primary" icon={<PlusOutlined aria-hidden />} to="/parcels/new">
      {t('nav.bookParcel')}
    </LinkButton>
  );

  return (
    <>
      <div className="page__head">
        <Typography.Title level={1} className="page__title">
          {t('parcels.title')}
        </Typography.Title>
        {canCreate ? (
          <div className="page__actions">
            <LinkButton icon={<UploadOutlined aria-hidden />} to="/parcels/bulk">
              {t('bulk.link')}
            </LinkButton>
            {bookLink}
          </div>
        ) : null}
      </div>
      <ParcelTabs shopId={shopId} preferences={preferences} state={state} />
      <ParcelFilters state={state} />
      <div className="list-tools">
        <ListSettings shopId={shopId} preferences={preferences} />
        <ExportParcels
          shopId={shopId}
          count={list.data?.count}
          countCapped={list.data?.countCapped}
          filters={exportFilters}
        />
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
              <LinkButton type="primary" to="/parcels/new">
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
          <Button type="link" onClick={() => setSelected([])} className="selection-bar__clear">
            {t('labels.clear')}
          </Button>
          {selected.length > maxLabelsPerRequest ? (
            <Typography.Text type="danger">{t('labels.tooMany')}</Typography.Text>
          ) : null}
          {printLabels(selected)}
        </section>
      ) : null}
    </>
  );
}
