import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListParams } from '../../../components/list/use-list-params';
import { OpsPageHeader } from '../../../components/ops/ops-page-header';
import { useHubs } from '../../../features/ops-hubs/api/hubs';
import { useRiders } from '../../../features/ops-hubs/api/riders';
import { RunBuilder } from '../../../features/ops-runs/components/run-builder';
import { useLanguage } from '../../../lib/i18n';

/** Delivery runs: pick a rider of the hub and the parcels waiting there; follow today's runs. */
export function RunsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { params, update } = useListParams({ pageSize: 1 });
  const hubs = useHubs({ q: '', limit: 200, offset: 0 });
  const hubItems = hubs.data?.items ?? [];
  const hubId = params.get('hub') ?? (hubItems.length === 1 ? (hubItems[0]?.id ?? null) : null);
  const riders = useRiders({ hubId, active: 'true', q: '', limit: 100, offset: 0 });
  return (
    <>
      <OpsPageHeader title={t('opsConsole.runs.title')} subtitle={t('opsConsole.runs.intro')} />
      <RunBuilder
        key={hubId ?? ''}
        hubId={hubId}
        riders={{ items: riders.data?.items ?? [], loading: riders.isPending }}
        hubPicker={
          <Select
            id="ops-run-hub"
            className="ops-select-district"
            showSearch={{ optionFilterProp: 'label' }}
            value={hubId ?? undefined}
            onChange={(value: string) => update({ hub: value, page: params.get('page') })}
            placeholder={t('opsConsole.runs.chooseHub')}
            loading={hubs.isPending}
            options={hubItems.map((h) => ({ value: h.id, label: h.name[language] }))}
          />
        }
      />
    </>
  );
}
