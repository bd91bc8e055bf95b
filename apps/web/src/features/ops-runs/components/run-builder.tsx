import { SendOutlined } from '@ant-design/icons';
import { Alert, Button, Select } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useOpsErrorText } from '../../../components/ops/ops-error';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useCreateRun } from '../api/runs';
import { RunCandidatesTable, RunsTodayTable } from './run-tables';

/**
 * A hub's delivery runs: pick a rider and the parcels waiting there, send them out, follow today's
 * runs. The page passes the hub picker and the hub's active riders (the hubs feature's); it keys
 * this by hub, so nothing chosen carries over to another hub.
 */
export function RunBuilder({
  hubId,
  hubPicker,
  riders,
}: {
  hubId: string | null;
  hubPicker: ReactNode;
  riders: { items: { id: string; name: string }[]; loading: boolean };
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const errorText = useOpsErrorText();
  const create = useCreateRun();
  const [riderId, setRiderId] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [refusals, setRefusals] = useState<{ trackingId: string; message: string }[]>([]);

  const send = async () => {
    if (!riderId || selected.length === 0) return;
    try {
      const answer = await create.mutateAsync({ riderId, trackingIds: selected });
      const refused = answer.results.filter((r) => !r.ok);
      setRefusals(refused.map((r) => ({ trackingId: r.trackingId, message: r.error?.message ?? '' })));
      setSelected([]);
      toast.success(
        t('opsConsole.runs.result', {
          ok: formatNumber(answer.results.length - refused.length, language),
          failed: formatNumber(refused.length, language),
        }),
      );
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  return (
    <div className="ops-panel">
      <div className="ops-toolbar">
        <div className="ops-toolbar__item">
          <label htmlFor="ops-run-hub">{t('opsConsole.runs.hub')}</label>
          {hubPicker}
        </div>
        <div className="ops-toolbar__item">
          <label htmlFor="ops-run-rider">{t('opsConsole.runs.rider')}</label>
          <Select
            id="ops-run-rider"
            className="ops-select-district"
            value={riderId ?? undefined}
            onChange={(value: string) => setRiderId(value)}
            placeholder={t('opsConsole.runs.chooseRider')}
            disabled={!hubId}
            loading={riders.loading && hubId !== null}
            options={riders.items.map((r) => ({ value: r.id, label: r.name }))}
          />
        </div>
        <div className="ops-toolbar__item">
          <Button
            type="primary"
            icon={<SendOutlined aria-hidden />}
            disabled={!riderId || selected.length === 0}
            loading={create.isPending}
            onClick={() => void send()}
          >
            {t('opsConsole.runs.create')}
            {selected.length > 0 ? ` (${formatNumber(selected.length, language)})` : ''}
          </Button>
        </div>
      </div>
      {refusals.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          title={refusals
            .map((r) => t('opsConsole.runs.refused', { id: r.trackingId, message: r.message }))
            .join(' · ')}
        />
      ) : null}
      <h2 className="ops-section-title">{t('opsConsole.runs.ready')}</h2>
      <RunCandidatesTable hubId={hubId} selected={selected} onSelect={setSelected} />
      <h2 className="ops-section-title">{t('opsConsole.runs.today')}</h2>
      <RunsTodayTable hubId={hubId} />
    </div>
  );
}
