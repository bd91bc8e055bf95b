import { ApiOutlined } from '@ant-design/icons';
import './webhooks.css';
import { type Webhook, webhookDisableAfterHours } from '@dak/domain/webhooks';
import { Button, Popconfirm, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useErrorText } from '../../../lib/error-text';
import { formatDate, localizeDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useSendTestEvent } from '../api/send-test-event';
import { useUpdateWebhook } from '../api/update-webhook';
import { DeliveryLog } from './delivery-log';
import { eventKey, formatMoment } from './webhook-labels';

type Props = {
  shopId: string;
  webhooks: Webhook[];
  /** How often an open log is fetched again while a new delivery waits for its outcome. */
  pollMs?: number;
};

/** The shop's endpoints: each with its state, its actions and its delivery log. */
export function WebhookList({ shopId, webhooks, pollMs }: Props) {
  const { t } = useTranslation();
  if (webhooks.length === 0) return <p className="card-list__muted">{t('webhooks.none')}</p>;
  return (
    <ul className="card-list" aria-label={t('webhooks.listLabel')}>
      {webhooks.map((webhook) => (
        <WebhookItem key={webhook.id} shopId={shopId} webhook={webhook} pollMs={pollMs} />
      ))}
    </ul>
  );
}

function WebhookItem({ shopId, webhook, pollMs }: { shopId: string; webhook: Webhook; pollMs?: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { errorText } = useErrorText();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const sendTest = useSendTestEvent();
  const [logOpen, setLogOpen] = useState(false);
  // The delivery the owner just asked for (test or redeliver): the log follows it to its outcome.
  const [watching, setWatching] = useState<string | null>(null);
  const url = webhook.url;
  const disabled = webhook.status === 'disabled';
  const logId = `webhook-log-${webhook.id}`;

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toast.success(done);
    } catch (cause) {
      toast.error(errorText(cause));
    }
  };

  const test = () =>
    run(async () => {
      const { deliveryId } = await sendTest.mutateAsync({ shopId, webhookId: webhook.id });
      setWatching(deliveryId);
      setLogOpen(true);
    }, t('webhooks.testSent'));

  return (
    <li
      className={`card-list__item webhook${disabled ? ' webhook--disabled' : ''}`}
      data-testid="webhook"
      aria-labelledby={`webhook-url-${webhook.id}`}
    >
      <ApiOutlined aria-hidden className="card-list__icon" />
      <div className="card-list__main">
        <div className="card-list__title">
          <code dir="ltr" className="webhook-url" id={`webhook-url-${webhook.id}`}>
            {url}
          </code>
        </div>
        <div className="card-list__meta">
          <span className={`status-badge status-badge--${webhook.status}`}>
            {t(`webhooks.status.${webhook.status}`)}
          </span>
          <Tag>{t(`webhooks.formatName.${webhook.format}`)}</Tag>
          {webhook.events.map((event) => (
            <Tag key={event}>{t(`webhooks.event.${eventKey[event]}`)}</Tag>
          ))}
        </div>
        {disabled ? (
          <div className="card-list__text webhook__problem" data-testid="webhook-disabled-reason">
            {webhook.disabledReason === 'failing'
              ? t('webhooks.disabledFailing', {
                  hours: localizeDigits(String(webhookDisableAfterHours), language),
                })
              : t('webhooks.disabledOwner')}
          </div>
        ) : null}
        {webhook.failingSince ? (
          <div className="card-list__text webhook__problem" data-testid="webhook-failing">
            {t('webhooks.failingSince', { when: formatMoment(webhook.failingSince, language) })}
          </div>
        ) : null}
        <div className="card-list__text card-list__muted">
          {webhook.lastDeliveryAt
            ? t('webhooks.lastDelivery', { when: formatMoment(webhook.lastDeliveryAt, language) })
            : t('webhooks.noDelivery')}
          {' · '}
          {t('webhooks.createdOn', { date: formatDate(webhook.createdAt, language) })}
        </div>
      </div>
      <div className="card-list__actions">
        {disabled ? (
          <Button
            type="primary"
            loading={update.isPending}
            aria-label={t('webhooks.enableNamed', { url })}
            onClick={() =>
              run(() => update.mutateAsync({ shopId, id: webhook.id, enabled: true }), t('webhooks.enabled'))
            }
          >
            {t('webhooks.enable')}
          </Button>
        ) : (
          <Button
            loading={sendTest.isPending}
            aria-label={t('webhooks.sendTestNamed', { url })}
            onClick={test}
          >
            {t('webhooks.sendTest')}
          </Button>
        )}
        <Button aria-expanded={logOpen} aria-controls={logId} onClick={() => setLogOpen((open) => !open)}>
          {logOpen ? t('webhooks.hideLog') : t('webhooks.showLog')}
        </Button>
        {disabled ? null : (
          <Button
            loading={update.isPending}
            aria-label={t('webhooks.disableNamed', { url })}
            onClick={() =>
              run(
                () => update.mutateAsync({ shopId, id: webhook.id, enabled: false }),
                t('webhooks.disabled'),
              )
            }
          >
            {t('webhooks.disable')}
          </Button>
        )}
        <Popconfirm
          title={t('webhooks.deleteTitle')}
          description={t('webhooks.deleteBody', { url })}
          okText={t('webhooks.delete')}
          cancelText={t('actions.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => run(() => remove.mutateAsync({ shopId, id: webhook.id }), t('webhooks.deleted'))}
        >
          <Button danger aria-label={t('webhooks.deleteNamed', { url })}>
            {t('webhooks.delete')}
          </Button>
        </Popconfirm>
      </div>
      {logOpen ? (
        <DeliveryLog
          id={logId}
          shopId={shopId}
          webhook={webhook}
          watching={watching}
          onWatch={setWatching}
          pollMs={pollMs}
        />
      ) : null}
    </li>
  );
}
