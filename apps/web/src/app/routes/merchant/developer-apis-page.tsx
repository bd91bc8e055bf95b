import type { ApiKeyCreated } from '@dak/domain/api-keys';
import { Alert, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../components/ui/page-card';
import { useApiKeys } from '../../../features/api-keys/api/list-api-keys';
import { ApiKeyList } from '../../../features/api-keys/components/api-key-list';
import { CreateApiKeyForm } from '../../../features/api-keys/components/create-api-key-form';
import { CreatedKeyPanel } from '../../../features/api-keys/components/created-key-panel';
import { useErrorText } from '../../../lib/error-text';
import { RequireShop } from '../../require-shop';
import type { SelectedShop } from '../../shop-context';

function DeveloperApis({ shop }: { shop: SelectedShop }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const keys = useApiKeys(shop.id);
  // The secret lives only here, in this page's memory, until the owner says it is copied.
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);

  return (
    <>
      <div className="page__head">
        <Typography.Title level={1} className="page__title">
          {t('apiKeys.title')}
        </Typography.Title>
      </div>
      <Typography.Paragraph type="secondary">{t('apiKeys.intro')}</Typography.Paragraph>
      <PageCard titleId="api-key-create-title" title={t('apiKeys.createTitle')}>
        {created ? (
          <CreatedKeyPanel created={created} onDone={() => setCreated(null)} />
        ) : (
          <CreateApiKeyForm shopId={shop.id} onCreated={setCreated} />
        )}
      </PageCard>
      <PageCard titleId="api-key-list-title" title={t('apiKeys.listTitle')}>
        {keys.isPending ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
        {keys.isError ? <Alert type="error" showIcon title={errorText(keys.error)} /> : null}
        {keys.data ? <ApiKeyList shopId={shop.id} keys={keys.data.items} /> : null}
      </PageCard>
    </>
  );
}

/** Developer APIs (spec 2; owner only, the API-key permission): the shop's keys for its store. */
export function DeveloperApisPage() {
  return (
    <div className="page">
      <RequireShop permission="apikey.manage">{(shop) => <DeveloperApis shop={shop} />}</RequireShop>
    </div>
  );
}
