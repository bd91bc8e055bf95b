import { FilePdfOutlined, InboxOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { hubListSchema } from '@dak/domain/geo';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Empty, Input, Radio, Select, Skeleton, Tag } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { OpsLoadError, useOpsErrorText } from '../../../components/ops/ops-error';
import { OpsPageHeader } from '../../../components/ops/ops-page-header';
import {
  addToBag,
  type Bag,
  openManifest,
  receiveScan,
  scanIn,
  type Trip,
  useBags,
  useCreateBag,
  useCreateTrip,
  useDispatchTrip,
  useFinishReceipt,
  useTrips,
} from '../../../features/hub-work/api/hub-work';
import { ScanBox, type ScanOutcome } from '../../../features/hub-work/components/scan-box';
import '../../../features/hub-work/components/hub-work.css';
import { useHubs } from '../../../features/ops-hubs/api/hubs';
import { apiRequest } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { withParams } from '../../../components/list/use-list-params';

type Mode = 'in' | 'bag' | 'dispatch' | 'receive';
const modes: Mode[] = ['in', 'bag', 'dispatch', 'receive'];
type Named = { en: string; bn: string };

/**
 * The hub worker's screen: scan parcels in at the door, sort them into bags by destination hub,
 * load bags onto a line-haul trip (manifest, dispatch), and receive incoming trips with missing
 * and extra parcels. One scan box; what a scan does follows the chosen step.
 */
export function HubScanPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const errorText = useOpsErrorText();
  const [params, setParams] = useSearchParams();
  const myHubs = useHubs({ q: '', limit: 200, offset: 0 });
  const allHubs = useQuery({
    queryKey: ['hubs', 'all'],
    queryFn: ({ signal }) => apiRequest('/hubs', { schema: hubListSchema, signal }),
    staleTime: 3_600_000,
  });
  const hubId = params.get('hub') ?? myHubs.data?.items[0]?.id ?? null;
  const mode: Mode = modes.includes(params.get('step') as Mode) ? (params.get('step') as Mode) : 'in';
  const set = (changes: Record<string, string | null>) =>
    setParams(withParams(params, changes), { replace: true });
  const name = useCallback((n: Named) => (language === 'bn' ? n.bn : n.en), [language]);
  const num = useCallback((n: number) => formatNumber(n, language), [language]);

  const bags = useBags(hubId);
  const trips = useTrips(hubId);
  const createBag = useCreateBag();
  const createTrip = useCreateTrip();
  const dispatch = useDispatchTrip();
  const finish = useFinishReceipt();
  const [bagId, setBagId] = useState<string | null>(null);
  const [destination, setDestination] = useState<string | null>(null);
  const [chosenBags, setChosenBags] = useState<string[]>([]);
  const [vehicle, setVehicle] = useState('');
  const [tripId, setTripId] = useState<string | null>(null);

  const hubOptions = useMemo(
    () =>
      (allHubs.data?.items ?? [])
        .filter((h) => h.id !== hubId)
        .map((h) => ({ value: h.id, label: language === 'bn' ? h.nameBn : h.nameEn })),
    [allHubs.data, hubId, language],
  );

  /** A refusal in the worker's language: the server's words in English, ours by code in Bengali. */
  const refusal = useCallback(
    (error: unknown, code: string): ScanOutcome => {
      if (!isApiError(error)) return { ok: false, text: errorText(error) };
      if (language === 'en') return { ok: false, text: error.message };
      const byCode: Record<string, string> = {
        NOT_FOUND: t('opsConsole.hubWork.errors.unknown', { code }),
        FORBIDDEN: t('opsConsole.hubWork.errors.foreign', { code }),
        PICKUP_ON_HOLD: t('opsConsole.hubWork.errors.hold', { code }),
        CONFLICT: t('opsConsole.hubWork.errors.nothing', { code }),
        INVALID_TRANSITION: t('opsConsole.hubWork.errors.nothing', { code }),
      };
      return { ok: false, text: byCode[error.code] ?? errorText(error), detail: error.message };
    },
    [errorText, language, t],
  );

  const onScan = useCallback(
    async (code: string): Promise<ScanOutcome> => {
      if (!hubId) return { ok: false, text: t('opsConsole.hubWork.chooseHub') };
      try {
        if (mode === 'in') {
          const r = await scanIn(hubId, code);
          const dest = name(r.destinationHub.name);
          if (!r.changed)
            return { ok: true, text: t('opsConsole.hubWork.already', { id: r.trackingId }), detail: dest };
          return r.status === 'at_delivery_hub'
            ? { ok: true, text: t('opsConsole.hubWork.arrived', { id: r.trackingId }) }
            : {
                ok: true,
                text: t('opsConsole.hubWork.scannedIn', { id: r.trackingId }),
                detail: t('opsConsole.hubWork.sortFor', { hub: dest }),
              };
        }
        if (mode === 'bag') {
          if (!bagId) return { ok: false, text: t('opsConsole.hubWork.chooseBag') };
          const bag = await addToBag(bagId, code);
          void bags.refetch();
          return {
            ok: true,
            text: t('opsConsole.hubWork.bagged', { id: code.toUpperCase(), bag: bag.code }),
            detail: t('opsConsole.hubWork.bagCount', { n: num(bag.parcels.length) }),
          };
        }
        if (mode === 'receive') {
          if (!tripId) return { ok: false, text: t('opsConsole.hubWork.chooseTrip') };
          const r = await receiveScan(tripId, code);
          void trips.refetch();
          if (r.inManifest) {
            return {
              ok: true,
              text: r.changed
                ? t('opsConsole.hubWork.received', { id: r.trackingId })
                : t('opsConsole.hubWork.already', { id: r.trackingId }),
            };
          }
          return { ok: false, text: t('opsConsole.hubWork.extra', { code: r.trackingId ?? code }) };
        }
        return { ok: false, text: t('opsConsole.hubWork.chooseStep') };
      } catch (error) {
        return refusal(error, code);
      }
    },
    [hubId, mode, bagId, tripId, name, t, refusal, bags, trips, num],
  );

  if (myHubs.isError) return <OpsLoadError error={myHubs.error} onRetry={() => void myHubs.refetch()} />;
  if (myHubs.isPending) return <Skeleton active />;
  if (!hubId) return <Empty description={t('opsConsole.hubWork.noHub')} />;

  const openBags = bags.data?.items ?? [];
  const outgoing = trips.data?.outgoing ?? [];
  const incoming = (trips.data?.incoming ?? []).filter((x) => x.status === 'dispatched');
  const received = (trips.data?.incoming ?? []).filter((x) => x.status === 'received');
  const chosen = openBags.filter((b) => chosenBags.includes(b.id));
  const tripDestination = chosen[0]?.destination.id ?? null;

  const run = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      toast.success(done);
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  const bagCard = (b: Bag) => (
    <button
      type="button"
      key={b.id}
      className={`hub-card${bagId === b.id ? ' hub-card--active' : ''}`}
      onClick={() => setBagId(b.id)}
      aria-pressed={bagId === b.id}
    >
      <span className="hub-card__code">{b.code}</span>
      <span className="hub-card__main">→ {name(b.destination.name)}</span>
      <span className="ops-secondary">{t('opsConsole.hubWork.bagCount', { n: num(b.parcels.length) })}</span>
    </button>
  );

  const tripRow = (x: Trip, side: 'out' | 'in') => (
    <li key={x.id} className="hub-trip">
      <div className="hub-trip__head">
        <strong className="hub-card__code">{x.code}</strong>
        <Tag color={x.status === 'loading' ? 'gold' : x.status === 'dispatched' ? 'blue' : 'green'}>
          {t(`opsConsole.hubWork.tripStatus.${x.status}`)}
        </Tag>
        <span>
          {name(x.origin.name)} → {name(x.destination.name)}
        </span>
        <span className="ops-secondary">
          {t('opsConsole.hubWork.tripCounts', { bags: num(x.bags.length), parcels: num(x.parcelCount) })}
        </span>
      </div>
      <div className="hub-trip__actions">
        <Button
          icon={<FilePdfOutlined aria-hidden />}
          onClick={() => void run(() => openManifest(x.id), t('opsConsole.hubWork.manifestOpened'))}
        >
          {t('opsConsole.hubWork.manifest')}
        </Button>
        {side === 'out' && x.status === 'loading' ? (
          <Button
            type="primary"
            icon={<SendOutlined aria-hidden />}
            loading={dispatch.isPending}
            onClick={() =>
              void run(() => dispatch.mutateAsync(x.id), t('opsConsole.hubWork.dispatched', { code: x.code }))
            }
          >
            {t('opsConsole.hubWork.dispatch')}
          </Button>
        ) : null}
        {side === 'in' && x.status === 'dispatched' ? (
          <Button
            type={tripId === x.id ? 'primary' : 'default'}
            onClick={() => setTripId(x.id)}
            aria-pressed={tripId === x.id}
          >
            {tripId === x.id ? t('opsConsole.hubWork.receiving') : t('opsConsole.hubWork.receive')}
          </Button>
        ) : null}
      </div>
      {x.status !== 'loading' && side === 'in' ? (
        <div className="hub-trip__receipt">
          <span>
            {t('opsConsole.hubWork.receivedCount', { n: num(x.received.length), of: num(x.parcelCount) })}
          </span>
          {x.status === 'received' && x.missing.length ? (
            <Alert
              type="error"
              showIcon
              message={t('opsConsole.hubWork.missing', { n: num(x.missing.length) })}
              description={x.missing.join(', ')}
            />
          ) : null}
          {x.extra.length ? (
            <Alert
              type="warning"
              showIcon
              message={t('opsConsole.hubWork.extraList', { n: num(x.extra.length) })}
              description={x.extra.join(', ')}
            />
          ) : null}
        </div>
      ) : null}
    </li>
  );

  const context =
    mode === 'bag' ? (
      <section className="hub-panel" aria-label={t('opsConsole.hubWork.steps.bag')}>
        <div className="hub-panel__row">
          <Select
            showSearch
            optionFilterProp="label"
            className="hub-panel__select"
            placeholder={t('opsConsole.hubWork.destination')}
            aria-label={t('opsConsole.hubWork.destination')}
            options={hubOptions}
            value={destination}
            onChange={setDestination}
          />
          <Button
            icon={<PlusOutlined aria-hidden />}
            disabled={!destination}
            loading={createBag.isPending}
            onClick={() =>
              destination &&
              void run(async () => {
                const bag = await createBag.mutateAsync({ hubId, destinationHubId: destination });
                setBagId(bag.id);
              }, t('opsConsole.hubWork.bagOpened'))
            }
          >
            {t('opsConsole.hubWork.openBag')}
          </Button>
        </div>
        {openBags.length ? (
          <div className="hub-cards">{openBags.map(bagCard)}</div>
        ) : (
          <p className="ops-secondary">{t('opsConsole.hubWork.noBags')}</p>
        )}
      </section>
    ) : mode === 'dispatch' ? (
      <section className="hub-panel" aria-label={t('opsConsole.hubWork.steps.dispatch')}>
        <h2 className="hub-panel__title">{t('opsConsole.hubWork.loadTrip')}</h2>
        {openBags.length === 0 ? (
          <p className="ops-secondary">{t('opsConsole.hubWork.noBags')}</p>
        ) : (
          <Checkbox.Group
            value={chosenBags}
            onChange={(v) => setChosenBags(v as string[])}
            className="hub-checks"
          >
            {openBags.map((b) => (
              <Checkbox
                key={b.id}
                value={b.id}
                disabled={tripDestination !== null && b.destination.id !== tripDestination}
              >
                <span className="hub-card__code">{b.code}</span> → {name(b.destination.name)} ·{' '}
                {t('opsConsole.hubWork.bagCount', { n: num(b.parcels.length) })}
              </Checkbox>
            ))}
          </Checkbox.Group>
        )}
        <div className="hub-panel__row">
          <Input
            className="hub-panel__select"
            placeholder={t('opsConsole.hubWork.vehicle')}
            aria-label={t('opsConsole.hubWork.vehicle')}
            value={vehicle}
            maxLength={100}
            onChange={(e) => setVehicle(e.target.value)}
          />
          <Button
            type="primary"
            icon={<InboxOutlined aria-hidden />}
            disabled={!tripDestination}
            loading={createTrip.isPending}
            onClick={() =>
              tripDestination &&
              void run(async () => {
                await createTrip.mutateAsync({
                  hubId,
                  destinationHubId: tripDestination,
                  bagIds: chosenBags,
                  vehicle: vehicle || undefined,
                });
                setChosenBags([]);
                setVehicle('');
              }, t('opsConsole.hubWork.tripCreated'))
            }
          >
            {t('opsConsole.hubWork.createTrip')}
          </Button>
        </div>
        <h2 className="hub-panel__title">{t('opsConsole.hubWork.outgoing')}</h2>
        {outgoing.length ? (
          <ul className="hub-trips">{outgoing.map((x) => tripRow(x, 'out'))}</ul>
        ) : (
          <p className="ops-secondary">{t('opsConsole.hubWork.noTrips')}</p>
        )}
      </section>
    ) : mode === 'receive' ? (
      <section className="hub-panel" aria-label={t('opsConsole.hubWork.steps.receive')}>
        <h2 className="hub-panel__title">{t('opsConsole.hubWork.incoming')}</h2>
        {incoming.length ? (
          <ul className="hub-trips">{incoming.map((x) => tripRow(x, 'in'))}</ul>
        ) : (
          <p className="ops-secondary">{t('opsConsole.hubWork.noIncoming')}</p>
        )}
        {tripId && incoming.some((x) => x.id === tripId) ? (
          <Button
            danger
            loading={finish.isPending}
            onClick={() =>
              void run(async () => {
                await finish.mutateAsync(tripId);
                setTripId(null);
              }, t('opsConsole.hubWork.receiptDone'))
            }
          >
            {t('opsConsole.hubWork.finishReceipt')}
          </Button>
        ) : null}
        {received.length ? (
          <>
            <h2 className="hub-panel__title">{t('opsConsole.hubWork.receivedTrips')}</h2>
            <ul className="hub-trips">{received.slice(0, 5).map((x) => tripRow(x, 'in'))}</ul>
          </>
        ) : null}
      </section>
    ) : null;

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
            options={(myHubs.data?.items ?? []).map((h) => ({ value: h.id, label: name(h.name) }))}
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
          {context}
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
