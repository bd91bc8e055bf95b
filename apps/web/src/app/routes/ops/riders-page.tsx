import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { formatPhoneLocal } from '@dak/domain/phone';
import { Button, Grid, Input, Select, Switch, Table, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { isForbidden, OpsLoadError, useOpsErrorText } from '../../../components/ops/ops-error';
import { OpsPageHeader } from '../../../components/ops/ops-page-header';
import { useHubs } from '../../../features/ops-hubs/api/hubs';
import { type RiderItem, useRiders, useUpdateRider } from '../../../features/ops-hubs/api/riders';
import { RiderDialog } from '../../../features/ops-hubs/components/rider-dialog';
import { formatNumber, toLatinDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { pageParam, withParams } from '../../../components/list/use-list-params';

const pageSize = 25;

function activeParam(value: string | null): 'true' | 'false' | null {
  return value === 'true' || value === 'false' ? value : null;
}

/** Riders: who rides for which hub; add, move, rename, switch off. */
export function RidersPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const errorText = useOpsErrorText();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const hubId = params.get('hub');
  const active = activeParam(params.get('active'));
  const page = pageParam(params.get('page'));
  const [text, setText] = useState(q);
  useEffect(() => setText(q), [q]);
  const [dialog, setDialog] = useState<{ rider: RiderItem | null } | null>(null);
  const [pendingId, setPendingId] = useState<string | null>(null);
  const compact = Grid.useBreakpoint().md === false;

  const hubs = useHubs({ q: '', limit: 200, offset: 0 });
  const riders = useRiders({ hubId, active, q, limit: pageSize, offset: (page - 1) * pageSize });
  const update = useUpdateRider();
  const name = (n: { en: string; bn: string }) => (language === 'bn' ? n.bn : n.en);
  const set = (changes: Record<string, string | null>) =>
    setParams(withParams(params, { page: null, ...changes }));

  const toggle = async (rider: RiderItem, on: boolean) => {
    setPendingId(rider.id);
    try {
      await update.mutateAsync({ id: rider.id, active: on });
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
          <div className="ops-toolbar__item ops-toolbar__grow">
            <label htmlFor="ops-rider-search">{t('opsConsole.riders.searchLabel')}</label>
            <Input.Search
              id="ops-rider-search"
              value={text}
              onChange={(event) => setText(event.target.value)}
              onSearch={(value) => set({ q: toLatinDigits(value.trim()) || null })}
              placeholder={t('opsConsole.riders.searchPlaceholder')}
              enterButton={t('opsConsole.common.search')}
              allowClear
              maxLength={60}
            />
          </div>
          <div className="ops-toolbar__item">
            <label htmlFor="ops-rider-hub">{t('opsConsole.riders.columns.hub')}</label>
            <Select
              id="ops-rider-hub"
              className="ops-select-district"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              value={hubId ?? undefined}
              onChange={(value: string | undefined) => set({ hub: value ?? null })}
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
              onChange={(value: string) => set({ active: value === 'all' ? null : value })}
              options={[
                { value: 'all', label: t('opsConsole.riders.all') },
                { value: 'true', label: t('opsConsole.riders.active') },
                { value: 'false', label: t('opsConsole.riders.inactive') },
              ]}
            />
          </div>
        </div>
        {riders.isError && (isForbidden(riders.error) || !riders.data) ? (
          <OpsLoadError error={riders.error} onRetry={() => void riders.refetch()} />
        ) : (
          <Table<RiderItem>
            className="ops-table"
            rowKey="id"
            columns={columns}
            dataSource={riders.data?.items ?? []}
            loading={riders.isPending || riders.isPlaceholderData}
            locale={{ emptyText: t('opsConsole.riders.empty') }}
            pagination={{
              current: page,
              pageSize,
              total: riders.data?.count ?? 0,
              onChange: (next) => setParams(withParams(params, { page: next === 1 ? null : String(next) })),
              showSizeChanger: false,
              hideOnSinglePage: true,
              showTotal: (total) =>
                t('opsConsole.riders.total', { count: total, n: formatNumber(total, language) }),
            }}
          />
        )}
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
