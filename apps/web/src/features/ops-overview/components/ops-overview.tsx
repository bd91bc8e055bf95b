import { type HubOverview, hubHasWork } from '@dak/domain/ops-overview';
import { Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OpsLoadError } from '../../../components/ops/ops-error';
import { formatNumber, formatTaka, localizeDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useOpsOverview } from '../api/ops-overview';
import { figureLink, type OverviewFigure } from './figure-links';
import './ops-overview.css';

/** Figures that mean something is late or stuck: shown in the warning colour when not zero. */
const attention: readonly OverviewFigure[] = ['failedAwaitingMerchant', 'reattemptRequests', 'pastPromise'];

function Figure({
  figure,
  hub,
  label,
  value,
  count,
  children,
}: {
  figure: OverviewFigure;
  hub: HubOverview['hub'];
  label: string;
  value: string;
  count: number;
  children?: React.ReactNode;
}) {
  const tone = count === 0 ? ' hub-figure--zero' : attention.includes(figure) ? ' hub-figure--warning' : '';
  return (
    <li>
      <Link
        to={figureLink(figure, hub)}
        className={`hub-figure${tone}`}
        data-testid={`figure-${figure}-${hub.id}`}
      >
        <span className="hub-figure__label">{label}</span>
        <span className="hub-figure__value">{value}</span>
        {children}
      </Link>
    </li>
  );
}

/** One hub's card: what waits there, its pickups and runs, what is stuck, its riders' cash. */
function HubCard({ overview }: { overview: HubOverview }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const num = (n: number) => formatNumber(n, language);
  const { hub, waiting, pickupsUnassigned, runsToday, riderCash } = overview;
  const titleId = `hub-card-${hub.id}`;
  const runShare = runsToday.parcels > 0 ? Math.round((runsToday.done / runsToday.parcels) * 100) : 0;
  return (
    <article className="hub-card" aria-labelledby={titleId} data-testid={`hub-card-${hub.id}`}>
      <h3 id={titleId} className="hub-card__title">
        {hub.name[language]}
      </h3>
      <h4 className="hub-card__group">{t('opsConsole.overview.groups.waiting')}</h4>
      <ul className="hub-card__figures">
        {(['toSort', 'toDeliver', 'returnsToSend', 'returnsToHandBack'] as const).map((stage) => (
          <Figure
            key={stage}
            figure={stage}
            hub={hub}
            label={t(`opsConsole.overview.figures.${stage}`)}
            value={num(waiting[stage])}
            count={waiting[stage]}
          />
        ))}
      </ul>
      <h4 className="hub-card__group">{t('opsConsole.overview.groups.today')}</h4>
      <ul className="hub-card__figures">
        <Figure
          figure="pickupsUnassigned"
          hub={hub}
          label={t('opsConsole.overview.figures.pickupsUnassigned', {
            count: pickupsUnassigned.parcels,
            n: num(pickupsUnassigned.parcels),
          })}
          value={num(pickupsUnassigned.pickups)}
          count={pickupsUnassigned.pickups}
        />
        <Figure
          figure="runsToday"
          hub={hub}
          label={t('opsConsole.overview.figures.runsToday', {
            count: runsToday.runs,
            n: num(runsToday.runs),
          })}
          value={t('opsConsole.overview.runsDone', {
            done: num(runsToday.done),
            total: num(runsToday.parcels),
          })}
          count={runsToday.runs}
        >
          {runsToday.parcels > 0 ? (
            <span className="hub-figure__bar" aria-hidden>
              <span style={{ width: `${runShare}%` }} />
            </span>
          ) : null}
        </Figure>
        <Figure
          figure="riderCash"
          hub={hub}
          label={t('opsConsole.overview.figures.riderCash', {
            count: riderCash.riders,
            n: num(riderCash.riders),
          })}
          value={formatTaka(riderCash.amount, language)}
          count={riderCash.amount}
        />
      </ul>
      <h4 className="hub-card__group">{t('opsConsole.overview.groups.attention')}</h4>
      <ul className="hub-card__figures">
        {(['failedAwaitingMerchant', 'reattemptRequests', 'pastPromise'] as const).map((figure) => (
          <Figure
            key={figure}
            figure={figure}
            hub={hub}
            label={t(`opsConsole.overview.figures.${figure}`)}
            value={num(overview[figure])}
            count={overview[figure]}
          />
        ))}
      </ul>
    </article>
  );
}

/**
 * The console home's live figures (issue 14, item 5): a card for each hub of the staff member
 * where something waits, each figure a link to the screen that acts on it; hubs where nothing
 * waits are named (or counted) below. Asked again every 30 s and when the tab gets focus.
 */
export function OpsOverview() {
  const { t } = useTranslation();
  const language = useLanguage();
  const overview = useOpsOverview();

  if (overview.isPending) {
    return (
      <section className="ops-overview" aria-busy="true" aria-label={t('opsConsole.overview.title')}>
        <div className="hub-card">
          <Skeleton active paragraph={{ rows: 5 }} />
        </div>
      </section>
    );
  }
  if (overview.isError) {
    return <OpsLoadError error={overview.error} onRetry={() => void overview.refetch()} />;
  }

  const { hubs } = overview.data;
  const busy = hubs.filter(hubHasWork);
  const quiet = hubs.filter((h) => !hubHasWork(h));
  const updated = new Date(overview.dataUpdatedAt);
  const time = localizeDigits(
    `${String(updated.getHours()).padStart(2, '0')}:${String(updated.getMinutes()).padStart(2, '0')}`,
    language,
  );
  const quietNames = quiet.map((h) => h.hub.name[language]).join(', ');

  return (
    <section className="ops-overview" aria-labelledby="ops-overview-title">
      <div className="ops-overview__head">
        <h2 id="ops-overview-title" className="ops-overview__title">
          {t('opsConsole.overview.title')}
        </h2>
        <span className="ops-secondary" aria-live="polite">
          {overview.isFetching
            ? t('opsConsole.overview.refreshing')
            : t('opsConsole.overview.updated', { time })}
        </span>
      </div>
      {hubs.length === 0 ? (
        <div className="ops-panel">
          <Empty description={t('opsConsole.overview.noHubs')} />
        </div>
      ) : busy.length === 0 ? (
        <div className="ops-panel">
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              quiet.length <= 3
                ? t('opsConsole.overview.allQuietNamed', { names: quietNames })
                : t('opsConsole.overview.allQuiet')
            }
          />
        </div>
      ) : (
        <>
          <ul className="ops-overview__hubs">
            {busy.map((h) => (
              <li key={h.hub.id}>
                <HubCard overview={h} />
              </li>
            ))}
          </ul>
          {quiet.length > 0 ? (
            <p className="ops-secondary ops-overview__quiet">
              {quiet.length <= 3
                ? t('opsConsole.overview.quietNamed', { names: quietNames })
                : t('opsConsole.overview.quietCount', {
                    count: quiet.length,
                    n: formatNumber(quiet.length, language),
                  })}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
