import { InboxOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useAllHubs } from '../api/all-hubs';
import { type Bag, type Trip, useCreateBag, useCreateTrip, useFinishReceipt } from '../api/hub-work';
import { useToastRun } from '../hooks/use-hub-scan';
import { TripRow } from './trip-row';

/** Bagging: open a bag for a destination hub, or choose an open one to scan parcels into. */
export function BagPanel({
  hubId,
  bags,
  bagId,
  onBag,
}: {
  hubId: string;
  bags: Bag[];
  bagId: string | null;
  onBag: (bagId: string) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const run = useToastRun();
  const allHubs = useAllHubs();
  const createBag = useCreateBag();
  const [destination, setDestination] = useState<string | null>(null);
  const hubOptions = useMemo(
    () =>
      (allHubs.data?.items ?? [])
        .filter((h) => h.id !== hubId)
        .map((h) => ({ value: h.id, label: language === 'bn' ? h.nameBn : h.nameEn })),
    [allHubs.data, hubId, language],
  );
  return (
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
              onBag(bag.id);
            }, t('opsConsole.hubWork.bagOpened'))
          }
        >
          {t('opsConsole.hubWork.openBag')}
        </Button>
      </div>
      {bags.length ? (
        <div className="hub-cards">
          {bags.map((b) => (
            <button
              type="button"
              key={b.id}
              className={`hub-card${bagId === b.id ? ' hub-card--active' : ''}`}
              onClick={() => onBag(b.id)}
              aria-pressed={bagId === b.id}
            >
              <span className="hub-card__code">{b.code}</span>
              <span className="hub-card__main">→ {b.destination.name[language]}</span>
              <span className="ops-secondary">
                {t('opsConsole.hubWork.bagCount', { n: formatNumber(b.parcels.length, language) })}
              </span>
            </button>
          ))}
        </div>
      ) : (
        <p className="ops-secondary">{t('opsConsole.hubWork.noBags')}</p>
      )}
    </section>
  );
}

/** Dispatch: load open bags for one destination onto a trip, then dispatch the outgoing trips. */
export function DispatchPanel({ hubId, bags, outgoing }: { hubId: string; bags: Bag[]; outgoing: Trip[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const run = useToastRun();
  const createTrip = useCreateTrip();
  const [chosenBags, setChosenBags] = useState<string[]>([]);
  const [vehicle, setVehicle] = useState('');
  const tripDestination = bags.find((b) => chosenBags.includes(b.id))?.destination.id ?? null;
  return (
    <section className="hub-panel" aria-label={t('opsConsole.hubWork.steps.dispatch')}>
      <h2 className="hub-panel__title">{t('opsConsole.hubWork.loadTrip')}</h2>
      {bags.length === 0 ? (
        <p className="ops-secondary">{t('opsConsole.hubWork.noBags')}</p>
      ) : (
        <Checkbox.Group
          value={chosenBags}
          onChange={(v) => setChosenBags(v as string[])}
          className="hub-checks"
        >
          {bags.map((b) => (
            <Checkbox
              key={b.id}
              value={b.id}
              disabled={tripDestination !== null && b.destination.id !== tripDestination}
            >
              <span className="hub-card__code">{b.code}</span> → {b.destination.name[language]} ·{' '}
              {t('opsConsole.hubWork.bagCount', { n: formatNumber(b.parcels.length, language) })}
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
        <ul className="hub-trips">
          {outgoing.map((x) => (
            <TripRow key={x.id} trip={x} side="out" />
          ))}
        </ul>
      ) : (
        <p className="ops-secondary">{t('opsConsole.hubWork.noTrips')}</p>
      )}
    </section>
  );
}

/** Receiving: choose an incoming trip, scan its parcels, finish the receipt; the last received trips below. */
export function ReceivePanel({
  trips,
  tripId,
  onTrip,
}: {
  trips: Trip[];
  tripId: string | null;
  onTrip: (tripId: string | null) => void;
}) {
  const { t } = useTranslation();
  const run = useToastRun();
  const finish = useFinishReceipt();
  const incoming = trips.filter((x) => x.status === 'dispatched');
  const received = trips.filter((x) => x.status === 'received');
  const row = (x: Trip) => <TripRow key={x.id} trip={x} side="in" receivingId={tripId} onReceive={onTrip} />;
  return (
    <section className="hub-panel" aria-label={t('opsConsole.hubWork.steps.receive')}>
      <h2 className="hub-panel__title">{t('opsConsole.hubWork.incoming')}</h2>
      {incoming.length ? (
        <ul className="hub-trips">{incoming.map(row)}</ul>
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
              onTrip(null);
            }, t('opsConsole.hubWork.receiptDone'))
          }
        >
          {t('opsConsole.hubWork.finishReceipt')}
        </Button>
      ) : null}
      {received.length ? (
        <>
          <h2 className="hub-panel__title">{t('opsConsole.hubWork.receivedTrips')}</h2>
          <ul className="hub-trips">{received.slice(0, 5).map(row)}</ul>
        </>
      ) : null}
    </section>
  );
}
