import './webhooks.css';
import { maxWebhookEndpoints, type WebhookCreated } from '@dak/domain/webhooks';
import { Alert, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../components/ui/page-card';
import { useErrorText } from '../../../lib/error-text';
import { formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useWebhooks } from '../api/list-webhooks';
import { CreateWebhookForm } from './create-webhook-form';
import { VerifySignature } from './verify-signature-card';
import { WebhookList } from './webhook-list';
import { WebhookSecretModal } from './webhook-secret-modal';

/** The Webhooks tab: add an endpoint (secret shown once), the endpoints with their logs, the check. */
export function WebhooksSection({ shopId, pollMs }: { shopId: string; pollMs?: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { errorText } = useErrorText();
  const webhooks = useWebhooks(shopId);
  // The secret lives only here, in memory, until the owner says it is copied.
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  const full = (webhooks.data?.items.length ?? 0) >= maxWebhookEndpoints;

  return (
    <>
      <Typography.Paragraph type="secondary">{t('webhooks.intro')}</Typography.Paragraph>
      <PageCard titleId="webhook-create-title" title={t('webhooks.createTitle')}>
        {full ? (
          <Alert
            type="info"
            showIcon
            title={t('webhooks.tooMany', { n: formatNumber(maxWebhookEndpoints, language) })}
          />
        ) : (
          <CreateWebhookForm shopId={shopId} onCreated={setCreated} />
        )}
      </PageCard>
      <PageCard titleId="webhook-list-title" title={t('webhooks.listTitle')}>
        {webhooks.isPending ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
        {webhooks.isError ? <Alert type="error" showIcon title={errorText(webhooks.error)} /> : null}
        {webhooks.data ? (
          <WebhookList shopId={shopId} webhooks={webhooks.data.items} pollMs={pollMs} />
        ) : null}
      </PageCard>
      <PageCard titleId="webhook-verify-title" title={t('webhooks.verify.title')}>
        <VerifySignature />
      </PageCard>
      {created ? <WebhookSecretModal created={created} onDone={() => setCreated(null)} /> : null}
    </>
  );
}
