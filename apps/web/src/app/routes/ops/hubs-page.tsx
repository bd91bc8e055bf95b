import { formatPhoneLocal } from '@dak/domain/phone';
import { Grid, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OpsListTable, OpsSearch } from '../../../components/list/ops-list';
import { useListParams, useSearchText, withParams } from '../../../components/list/use-list-params';
import { OpsPageHeader } from '../../../components/ops/ops-page-header';
import { useOpsMe } from '../../../features/ops-auth/api/get-ops-me';
import { type HubItem, useHubs } from '../../../features/ops-hubs/api/hubs';
import { HubDrawer } from '../../../features/ops-hubs/components/hub-drawer';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';

const pageSize = 25;

/** Hubs: code, district, contact, how many areas, staff and riders; a row opens the hub. */
export function HubsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { params, page, offset, update, setPage } = useListParams({ pageSize });
  const q = params.get('q') ?? '';
  const open = params.get('hub');
  const search = useSearchText(q, (next) => update({ q: next }));
  const compact = Grid.useBreakpoint().md === false;
  const me = useOpsMe();
  const hubs = useHubs({ q, limit: pageSize, offset });
  const name = (n: { en: string; bn: string }) => (language === 'bn' ? n.bn : n.en);
  const n = (value: number) => formatNumber(value, language);
  const openHub = (id: string | null) => update({ hub: id, page: params.get('page') });

  const counts = (hub: HubItem) => (
    <span className="ops-secondary">
      {t('opsConsole.hubs.counts', {
        areas: n(hub.areaCount),
        staff: n(hub.staffCount),
        riders: n(hub.riderCount),
      })}
    </span>
  );

  const columns: TableColumnsType<HubItem> = compact
    ? [
        {
          key: 'hub',
          title: t('opsConsole.hubs.columns.hub'),
          render: (_, hub) => (
            <div className="ops-stack hub-compact">
              <Link
                className="ops-strong-link"
                to={{ search: withParams(params, { hub: hub.id }).toString() }}
              >
                {name(hub.name)}
              </Link>
              <span className="ops-mono ops-secondary">{hub.id}</span>
              <span>{name(hub.district.name)}</span>
              {counts(hub)}
            </div>
          ),
        },
      ]
    : [
        {
          key: 'hub',
          title: t('opsConsole.hubs.columns.hub'),
          render: (_, hub) => (
            <>
              <Link
                className="ops-strong-link"
                to={{ search: withParams(params, { hub: hub.id }).toString() }}
              >
                {name(hub.name)}
              </Link>
              <div className="ops-mono ops-secondary">{hub.id}</div>
            </>
          ),
        },
        {
          key: 'district',
          title: t('opsConsole.hubs.columns.district'),
          render: (_, hub) => (
            <>
              {name(hub.district.name)}
              <div>
                <Tag>{t(`opsConsole.hubs.kinds.${hub.kind}`)}</Tag>
              </div>
            </>
          ),
        },
        {
          key: 'contact',
          title: t('opsConsole.hubs.columns.contact'),
          render: (_, hub) => (
            <>
              <div className="ops-wrap">
                {hub.address ?? <span className="ops-secondary">{t('opsConsole.hubs.noAddress')}</span>}
              </div>
              {hub.phone ? (
                <div className="phone-number ops-secondary">{formatPhoneLocal(hub.phone)}</div>
              ) : null}
            </>
          ),
        },
        {
          key: 'areas',
          title: t('opsConsole.hubs.columns.areas'),
          align: 'right',
          render: (_, hub) => n(hub.areaCount),
        },
        {
          key: 'staff',
          title: t('opsConsole.hubs.columns.staff'),
          align: 'right',
          render: (_, hub) => n(hub.staffCount),
        },
        {
          key: 'riders',
          title: t('opsConsole.hubs.columns.riders'),
          align: 'right',
          render: (_, hub) => n(hub.riderCount),
        },
      ];

  return (
    <>
      <OpsPageHeader title={t('opsConsole.hubs.title')} subtitle={t('opsConsole.hubs.subtitle')} />
      <div className="ops-panel">
        <div className="ops-toolbar">
          <OpsSearch room="hubs" search={search} onSearch={(next) => update({ q: next })} />
        </div>
        <OpsListTable<HubItem>
          list={hubs}
          columns={columns}
          page={page}
          pageSize={pageSize}
          onPage={setPage}
          emptyText={t('opsConsole.hubs.empty')}
          totalText={(total) => t('opsConsole.hubs.total', { count: total, n: n(total) })}
        />
      </div>
      <HubDrawer hubId={open} canEdit={me.data?.staff.role === 'admin'} onClose={() => openHub(null)} />
    </>
  );
}
