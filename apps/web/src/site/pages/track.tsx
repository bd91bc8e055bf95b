import type { SitePage, SiteProps } from '@dak/domain/public-site';
import { TrackBox } from '../components/track-box';
import { formatDateTime, localizeDigits } from '../format';
import { dictionaries, fill } from '../i18n';
import './track.css';

type TrackData = Extract<SitePage, { name: 'track' }>;

/** The parcel's timeline (newest first), its status in words, a clear "not found", or "wait a minute". */
export function TrackPage({ lang, plan, page }: SiteProps & { page: TrackData }) {
  const t = dictionaries[lang].track;
  const { tracking } = page;
  if (page.rateLimited) {
    return (
      <section className="wrap section narrow">
        <h1>{t.limitedTitle}</h1>
        <p className="alert alert--error" role="alert">
          {t.limitedBody}
        </p>
        <TrackBox lang={lang} initial={page.trackingId} title={t.again} />
      </section>
    );
  }
  if (!tracking) {
    return (
      <section className="wrap section narrow">
        <h1>{t.unknownTitle}</h1>
        <p className="alert alert--error" role="alert">
          {fill(t.unknownBody, { id: page.trackingId })}
        </p>
        <TrackBox lang={lang} initial={page.trackingId} title={t.again} />
      </section>
    );
  }
  // The route lists the events in the order they happened (two may share a second): newest first.
  const events = [...tracking.events].reverse();
  const inProgress = tracking.statusGroup === 'pickup' || tracking.statusGroup === 'forward_in_progress';
  return (
    <section className="wrap section narrow">
      <p className="muted">{t.title}</p>
      <h1 className="tracking-id">{tracking.trackingId}</h1>
      <p className={`status status--${tracking.statusGroup}`}>
        <span className="visually-hidden">{t.status}: </span>
        {t.groups[tracking.statusGroup] ?? tracking.status}
      </p>
      <dl className="facts">
        <div>
          <dt>{t.deliveryTo}</dt>
          <dd>
            {lang === 'bn'
              ? `${tracking.deliveryArea.name.bn}, ${tracking.deliveryArea.district.bn}`
              : `${tracking.deliveryArea.name.en}, ${tracking.deliveryArea.district.en}`}
          </dd>
        </div>
        <div>
          <dt>{t.receiver}</dt>
          <dd>{localizeDigits(tracking.customerPhone, lang)}</dd>
        </div>
      </dl>
      {inProgress ? (
        <p>{fill(t.expected, { days: localizeDigits(String(plan.deliveryPromiseDays.outside), lang) })}</p>
      ) : null}
      <h2>{t.timeline}</h2>
      <ol className="timeline">
        {events.map((event, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the events never reorder; a parcel may repeat a status
          <li key={`${event.at}-${event.status}-${index}`}>
            <p className="timeline__message">{lang === 'bn' ? event.message_bn : event.message_en}</p>
            <p className="muted">
              <time dateTime={event.at}>{formatDateTime(event.at, lang)}</time>
              {event.hub ? ` · ${event.hub.name[lang] || event.hub.name.en}` : ''}
            </p>
          </li>
        ))}
      </ol>
      <TrackBox lang={lang} title={t.again} />
    </section>
  );
}
