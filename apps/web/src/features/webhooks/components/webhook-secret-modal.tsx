import type { WebhookCreated } from '@dak/domain/webhooks';
import './webhooks.css';
import { Alert, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The one time an endpoint's signing secret is shown: a modal with a copy button that closes only
 * by saying it is copied (not by a stray click beside it or Escape). The caller unmounts it then,
 * so the secret leaves the page at once rather than after a closing animation.
 */
export function WebhookSecretModal({ created, onDone }: { created: WebhookCreated; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('webhooks.secretTitle')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onDone}>
          {t('webhooks.done')}
        </Button>
      }
    >
      <div className="webhook-secret" data-testid="webhook-created">
        <Alert type="warning" showIcon title={t('webhooks.secretShownOnce')} />
        <dl className="webhook-secret__values">
          <div>
            <dt>{t('webhooks.url')}</dt>
            <dd>
              <code dir="ltr" className="webhook-url">
                {created.url}
              </code>
            </dd>
          </div>
          <div>
            <dt>{t('webhooks.secret')}</dt>
            <dd>
              <Typography.Text
                code
                dir="ltr"
                className="webhook-secret__value"
                data-testid="webhook-secret"
                copyable={{ text: created.secret, tooltips: [t('webhooks.copy'), t('webhooks.copied')] }}
              >
                {created.secret}
              </Typography.Text>
            </dd>
          </div>
        </dl>
      </div>
    </Modal>
  );
}
