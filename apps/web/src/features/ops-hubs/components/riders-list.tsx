import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { formatPhoneLocal } from '@dak/domain/phone';
import { Button, Grid, Select, Switch, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { OpsListTable, OpsSearch } from '../../../components/list/ops-list';
import { useListParams, useSearchText } from '../../../components/list/use-list-params';
import { useOpsErrorText } from '../../../components/ops/ops-error';
import { OpsPageHeader } from '../../../components/ops/ops-page-header';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useHubs } from '../api/hubs';
import { type RiderItem, useRiders, useUpdateRider } from '../api/riders';
import { RiderDialog } from './rider-dialog';

const pageSize = 25;

/** Riders by search, hub and whether active (in the address): add, move, rename, switch off. */
export function RidersList() {
  const { t } = useTranslation();
  const language = useLanguage();
  const errorText = useOpsErrorText();
  const { params, page, offset, update, setPage } = useListParams({ pageSize });
  const q = params.get('q') ?? '';
  const hubId = params.get('hub');
  const activeValue = params.get('active');
  const active = activeValue === 'true' || activeValue === 'false' ? activeValue : null;
  const search = useSearchText(q, (next) => update({ q: next }));
  const [dialog, setDialog] = useState<{ rider: RiderItem | null } | null>(null);
  const [pendingId, setPendingId] = useState<string | null>(null);
  const compact = Grid.useBreakpoint().md === false;

  const hubs = useHubs({ q: '', limit: 200, offset: 0 });
  const riders = useRiders({ hubId, active, q, limit: pageSize, offset });
  const updateRider = useUpdateRider();
  const name = (n: { en: string; bn: string }) => (language === 'bn' ? n.bn : n.en);

  const toggle = async (rider: RiderItem, on: boolean) => {
    setPendingId(rider.id);
    try {
      await updateRider.mutateAsync({ id: rider.id, active: on });
      toast.success(
        t(on ? 'opsConsole.riders.activated' : 'opsConsole.riders.deactivated', { name: rider.name }),
      );
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setPendingId(null);
    }
  };

  const activeSwitch = (rider: RiderItem) => (
    <Switch
      checked={rider.active}
      loading={pendingId === rider.id}
      onChange={(on) => void toggle(rider, on)}
      aria-label={t('opsConsole.riders.activeLabel', { name: rider.name })}
      checkedChildren={t('opsConsole.riders.active')}
      unCheckedChildren={t('opsConsole.riders.inactive')}
    />
  );
  const editButton = (rider: RiderItem) => (
    <Button
      icon={<EditOutlined aria-hidden />}
      onClick={() => setDialog({ rider })}
      aria-label={t('opsConsole.riders.editLabel', { name: rider.name })}
    >
      {compact ? null : t('opsConsole.riders.edit')}
    </Button>
  );

  const columns: TableColumnsType<RiderItem> = compact
    ? [
        {
          key: 'rider',
          title: t('opsConsole.riders.columns.name'),
          render: (_, rider) => (
            <div className="rider-compact">
              <div>
                <strong>{rider.name}</strong>
                <div className="phone-number ops-secondary">{formatPhoneLocal(rider.phone)}</div>
                <div className="ops-secondary">{name(rider.hub.name)}</div>
              </div>
              <div className="rider-compact__actions">
                {activeSwitch(rider)}
                {editButton(rider)}
              </div>
            </div>
          ),
        },
      ]
    : [
        {
          key: 'name',
          title: t('opsConsole.riders.columns.name'),
          render: (_, r) => <strong>{r.name}</strong>,
        },
        {
          key: 'phone',
          title: t('opsConsole.riders.columns.phone'),
          render: (_, r) => <span className="phone-number">{formatPhoneLocal(r.phone)}</span>,
        },
        { key: 'hub', title: t('opsConsole.riders.columns.hub'), render: (_, r) => name(r.hub.name) },
        { key: 'active', title: t('opsConsole.riders.columns.active'), render: (_, r) => activeSwitch(r) },
        {
          key: 'edit',
          title: <span className="visually-hidden">{t('opsConsole.riders.edit')}</span>,
          render: (_, r) => editButton(r),
        },
      ];

  return (
    <>
      <OpsPageHeader
        title={t('opsConsole.riders.title')}
        subtitle={t('opsConsole.riders.subtitle')}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => setDialog({ rider: null })}
          >
            {t('opsConsole.riders.add')}
          </Button>
        }
      />
      <div className="ops-panel">
        <div className="ops-toolbar">
          <OpsSearch room="riders" search={search} onSearch={(next) => update({ q: next })} />
          <div className="ops-toolbar__item">
            <label htmlFor="ops-rider-hub">{t('opsConsole.riders.columns.hub')}</label>
            <Select
              id="ops-rider-hub"
              className="ops-select-district"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              value={hubId ?? undefined}
              onChange={(value: string | undefined) => update({ hub: value ?? null })}
              placeholder={t('opsConsole.riders.allHubs')}
              loading={hubs.isPending}
              options={(hubs.data?.items ?? []).map((h) => ({ value: h.id, label: name(h.name) }))}
            />
          </div>
          <div className="ops-toolbar__item">
            <label htmlFor="ops-rider-active">{t('opsConsole.riders.columns.active')}</label>
            <Select
              id="ops-rider-active"
              className="ops-select-active"
              value={active ?? 'all'}
              onChange={(value: string) => update({ active: value === 'all' ? null : value })}
              options={[
                { value: 'all', label: t('opsConsole.riders.all') },
                { value: 'true', label: t('opsConsole.riders.active') },
                { value: 'false', label: t('opsConsole.riders.inactive') },
              ]}
            />
          </div>
        </div>
        <OpsListTable<RiderItem>
          list={riders}
          columns={columns}
          page={page}
          pageSize={pageSize}
          onPage={setPage}
          emptyText={t('opsConsole.riders.empty')}
          totalText={(total) =>
            t('opsConsole.riders.total', { count: total, n: formatNumber(total, language) })
          }
        />
      </div>
      <RiderDialog
        open={dialog !== null}
        rider={dialog?.rider ?? null}
        hubs={hubs.data?.items ?? []}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
