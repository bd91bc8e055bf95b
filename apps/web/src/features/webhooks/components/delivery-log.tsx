import './webhooks.css';
import type { Webhook, WebhookDelivery } from '@dak/domain/webhooks';
import { Alert, Button, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useErrorText } from '../../../lib/error-text';
import { localizeDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useDeliveries } from '../api/list-deliveries';
import { useRedeliver } from '../api/redeliver';
import { deliveryEventKey, formatMoment } from './webhook-labels';

/** While a new delivery waits for its outcome the log is fetched this often, at most this many times. */
export const logPollMs = 1500;
export const logMaxPolls = 20;

type Props = {
  id: string;
  shopId: string;
  webhook: Webhook;
  /** The delivery just queued (a test event, a redelivery): polled for until it has an outcome. */
  watching: string | null;
  onWatch: (deliveryId: string) => void;
  pollMs?: number;
};

/** One endpoint's deliveries, newest first, "Load older" by the server's cursor. */
export function DeliveryLog({ id, shopId, webhook, watching, onWatch, pollMs = logPollMs }: Props) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const [polls, setPolls] = useState(0);
  const [pollsFor, setPollsFor] = useState(watching);
  if (pollsFor !== watching) {
    setPollsFor(watching);
    setPolls(0);
  }
  const log = useDeliveries(shopId, webhook.id, (loaded) =>
    awaitsOutcome(loaded, watching) && polls < logMaxPolls ? pollMs : false,
  );
  const deliveries = log.data?.pages.flatMap((page) => page.items) ?? [];
  const watched = watching ? deliveries.find((delivery) => delivery.id === watching) : undefined;
  const waiting = awaitsOutcome(deliveries, watching);

  // Each answer while waiting counts as one poll, so a receiver that never answers stops the polling.
  const updatedAt = log.dataUpdatedAt;
  useEffect(() => {
    if (waiting && updatedAt) setPolls((n) => n + 1);
  }, [waiting, updatedAt]);

  return (
    <section className="delivery-log" id={id} aria-label={t('webhooks.log.label', { url: webhook.url })}>
      <div className="delivery-log__head">
        <h3 className="delivery-log__title">{t('webhooks.log.title')}</h3>
        <Button size="small" onClick={() => log.refetch()} loading={log.isRefetching && !waiting}>
          {t('webhooks.log.refresh')}
        </Button>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {watched && !waiting
          ? t('webhooks.log.outcome', { status: t(`webhooks.log.status.${watched.status}`) })
          : ''}
      </p>
      {log.isPending ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
      {log.isError ? <Alert type="error" showIcon title={errorText(log.error)} /> : null}
      {waiting ? (
        <p className="card-list__muted" data-testid="webhook-log-waiting">
          {polls < logMaxPolls ? t('webhooks.log.waiting') : t('webhooks.log.gaveUp')}
        </p>
      ) : null}
      {log.data && deliveries.length === 0 ? (
        <p className="card-list__muted">{t('webhooks.log.none')}</p>
      ) : null}
      {deliveries.length > 0 ? (
        <ol className="delivery-log__list">
          {deliveries.map((delivery) => (
            <DeliveryItem
              key={delivery.id}
              shopId={shopId}
              webhookId={webhook.id}
              delivery={delivery}
              isNew={delivery.id === watching}
              onRedelivered={onWatch}
            />
          ))}
        </ol>
      ) : null}
      {log.hasNextPage ? (
        <Button onClick={() => log.fetchNextPage()} loading={log.isFetchingNextPage}>
          {t('webhooks.log.loadOlder')}
        </Button>
      ) : null}
    </section>
  );
}

/** Whether the delivery just queued is still without an outcome (not yet in the log, or pending). */
function awaitsOutcome(deliveries: WebhookDelivery[], watching: string | null): boolean {
  if (watching === null) return false;
  return (deliveries.find((delivery) => delivery.id === watching)?.status ?? 'pending') === 'pending';
}

/** The body as sent, laid out to read when it is JSON, else as it is. */
function readable(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function DeliveryItem({
  shopId,
  webhookId,
  delivery,
  isNew,
  onRedelivered,
}: {
  shopId: string;
  webhookId: string;
  delivery: WebhookDelivery;
  isNew: boolean;
  onRedelivered: (deliveryId: string) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { errorText } = useErrorText();
  const redeliver = useRedeliver();
  const eventName = deliveryEventKey(delivery.event);
  const eventLabel = eventName ? t(`webhooks.event.${eventName}`) : delivery.event;
  const when = formatMoment(delivery.createdAt, language);
  const digits = (n: number) => localizeDigits(String(n), language);

  const again = async () => {
    try {
      const { deliveryId } = await redeliver.mutateAsync({ shopId, webhookId, deliveryId: delivery.id });
      onRedelivered(deliveryId);
      toast.success(t('webhooks.log.redelivered'));
    } catch (cause) {
      toast.error(errorText(cause));
    }
  };

  return (
    <li
      className={`delivery${isNew ? ' delivery--new' : ''}`}
      data-testid="webhook-delivery"
      data-status={delivery.status}
    >
      <div className="delivery__head">
        <span className={`status-badge status-badge--${delivery.status}`}>
          {t(`webhooks.log.status.${delivery.status}`)}
        </span>
        <span className="delivery__event">{eventLabel}</span>
        {delivery.trackingId ? (
          <code dir="ltr" className="delivery__tracking">
            {delivery.trackingId}
          </code>
        ) : null}
      </div>
      <ul className="delivery__facts">
        <li>{when}</li>
        <li>{t('webhooks.log.attempts', { n: digits(delivery.attempts) })}</li>
        <li>
          {delivery.responseCode === null
            ? t('webhooks.log.noResponse')
            : t('webhooks.log.response', { code: digits(delivery.responseCode) })}
        </li>
        {delivery.durationMs === null ? null : (
          <li>{t('webhooks.log.duration', { ms: digits(delivery.durationMs) })}</li>
        )}
        {delivery.status === 'retrying' && delivery.nextAttemptAt ? (
          <li>{t('webhooks.log.nextAttempt', { when: formatMoment(delivery.nextAttemptAt, language) })}</li>
        ) : null}
      </ul>
      <details className="delivery__body">
        <summary>{t('webhooks.log.requestBody')}</summary>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus to scroll by keyboard */}
        <pre dir="ltr" tabIndex={0} data-testid="delivery-request">
          {readable(delivery.requestBody)}
        </pre>
      </details>
      <details className="delivery__body">
        <summary>{t('webhooks.log.responseBody')}</summary>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus to scroll by keyboard */}
        <pre dir="ltr" tabIndex={0} data-testid="delivery-response">
          {delivery.responseBody ? delivery.responseBody : t('webhooks.log.empty')}
        </pre>
      </details>
      {delivery.status === 'pending' ? null : (
        <Button
          size="small"
          loading={redeliver.isPending}
          aria-label={t('webhooks.log.redeliverNamed', { event: eventLabel, when })}
          onClick={again}
        >
          {t('webhooks.log.redeliver')}
        </Button>
      )}
    </li>
  );
}
