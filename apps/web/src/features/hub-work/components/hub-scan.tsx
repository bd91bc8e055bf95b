import { Radio, Select } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListParams } from '../../../components/list/use-list-params';
import { OpsPageHeader } from '../../../components/ops/ops-page-header';
import { ScanBox } from '../../../components/ops/scan-box';
import { useLanguage } from '../../../lib/i18n';
import { useBags, useTrips } from '../api/hub-work';
import { type Mode, modes, useHubScan } from '../hooks/use-hub-scan';
import { BagPanel, DispatchPanel, ReceivePanel } from './hub-panels';

type Hub = { id: string; name: { en: string; bn: string } };

/**
 * The hub worker's screen: scan parcels in at the door, sort them into bags by destination hub,
 * load bags onto a line-haul trip (manifest, dispatch), and receive incoming trips with missing
 * and extra parcels. One scan box; what a scan does follows the chosen step (in the address).
 * `hubs` are the hubs the worker works in (the hubs feature's, from the page).
 */
export function HubScan({ hubs }: { hubs: Hub[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { params, update } = useListParams({ pageSize: 1, replace: true });
  const hubId = params.get('hub') ?? hubs[0]?.id ?? null;
  const mode: Mode = modes.includes(params.get('step') as Mode) ? (params.get('step') as Mode) : 'in';
  const set = (changes: Record<string, string>) => update({ ...changes, page: params.get('page') });
  const bags = useBags(hubId);
  const trips = useTrips(hubId);
  const [bagId, setBagId] = useState<string | null>(null);
  const [tripId, setTripId] = useState<string | null>(null);
  const { refetch: refetchBags } = bags;
  const { refetch: refetchTrips } = trips;
  const refresh = useCallback(
    (what: 'bags' | 'trips') => void (what === 'bags' ? refetchBags() : refetchTrips()),
    [refetchBags, refetchTrips],
  );
  const onScan = useHubScan({ hubId, mode, bagId, tripId, refresh });
  if (!hubId) return null;

  const openBags = bags.data?.items ?? [];
  const scanLabel =
    mode === 'bag'
      ? t('opsConsole.hubWork.scanToBag')
      : mode === 'receive'
        ? t('opsConsole.hubWork.scanToReceive')
        : t('opsConsole.hubWork.scanIn');

  return (
    <div className="hub-scan-page">
      <OpsPageHeader
        title={t('opsConsole.hubWork.title')}
        subtitle={t('opsConsole.hubWork.subtitle')}
        extra={
          <Select
            className="hub-scan-page__hub"
            aria-label={t('opsConsole.hubWork.hub')}
            value={hubId}
            onChange={(v) => set({ hub: v })}
            options={hubs.map((h) => ({ value: h.id, label: h.name[language] }))}
            showSearch
            optionFilterProp="label"
          />
        }
      />
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        size="large"
        className="hub-steps"
        value={mode}
        onChange={(e) => set({ step: e.target.value as string })}
        options={modes.map((m) => ({ value: m, label: t(`opsConsole.hubWork.steps.${m}`) }))}
        aria-label={t('opsConsole.hubWork.title')}
      />
      <div className="hub-scan-page__grid">
        <div className="hub-scan-page__work">
          {mode === 'bag' ? <BagPanel hubId={hubId} bags={openBags} bagId={bagId} onBag={setBagId} /> : null}
          {mode === 'dispatch' ? (
            <DispatchPanel hubId={hubId} bags={openBags} outgoing={trips.data?.outgoing ?? []} />
          ) : null}
          {mode === 'receive' ? (
            <ReceivePanel trips={trips.data?.incoming ?? []} tripId={tripId} onTrip={setTripId} />
          ) : null}
          {mode !== 'dispatch' ? (
            <ScanBox
              label={scanLabel}
              placeholder={t('opsConsole.hubWork.placeholder')}
              onScan={onScan}
              disabled={(mode === 'bag' && !bagId) || (mode === 'receive' && !tripId)}
            />
          ) : null}
          {mode === 'bag' && !bagId ? (
            <p className="ops-secondary">{t('opsConsole.hubWork.chooseBag')}</p>
          ) : null}
          {mode === 'receive' && !tripId ? (
            <p className="ops-secondary">{t('opsConsole.hubWork.chooseTrip')}</p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
