import { FilePdfOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { openManifest, type Trip, useDispatchTrip } from '../api/hub-work';
import { useToastRun } from '../hooks/use-hub-scan';

/**
 * A line-haul trip: code, status, route and size, its manifest; an outgoing one still loading can
 * be dispatched, an incoming one chosen for receiving, with what arrived, went missing or came extra.
 */
export function TripRow({
  trip: x,
  side,
  receivingId,
  onReceive,
}: {
  trip: Trip;
  side: 'out' | 'in';
  receivingId?: string | null;
  onReceive?: (tripId: string) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const num = (n: number) => formatNumber(n, language);
  const run = useToastRun();
  const dispatch = useDispatchTrip();
  const receiving = receivingId === x.id;
  return (
    <li className="hub-trip">
      <div className="hub-trip__head">
        <strong className="hub-card__code">{x.code}</strong>
        <Tag color={x.status === 'loading' ? 'gold' : x.status === 'dispatched' ? 'blue' : 'green'}>
          {t(`opsConsole.hubWork.tripStatus.${x.status}`)}
        </Tag>
        <span>
          {x.origin.name[language]} → {x.destination.name[language]}
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
            type={receiving ? 'primary' : 'default'}
            onClick={() => onReceive?.(x.id)}
            aria-pressed={receiving}
          >
            {receiving ? t('opsConsole.hubWork.receiving') : t('opsConsole.hubWork.receive')}
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
}
