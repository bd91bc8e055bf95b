import type { ApiKeyCreated } from '@dak/domain/api-keys';
import { formatPhoneLocal } from '@dak/domain/phone';
import { Alert, Skeleton, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageCard } from '../../../components/ui/page-card';
import { useApiKeys } from '../../../features/api-keys/api/list-api-keys';
import { ApiKeyList } from '../../../features/api-keys/components/api-key-list';
import { CreateApiKeyForm } from '../../../features/api-keys/components/create-api-key-form';
import { CreatedKeyPanel } from '../../../features/api-keys/components/created-key-panel';
import { SwitchingCouriers } from '../../../features/api-keys/components/switching-couriers';
import { useMe } from '../../../features/auth/api/get-me';
import { WebhooksSection } from '../../../features/webhooks/components/webhooks-section';
import { useErrorText } from '../../../lib/error-text';
import { RequireShop } from '../../require-shop';
import type { SelectedShop } from '../../shop-context';

const tabs = ['keys', 'webhooks', 'switching'] as const;
type Tab = (typeof tabs)[number];
const isTab = (value: string | null): value is Tab => tabs.some((tab) => tab === value);

function ApiKeysTab({ shop }: { shop: SelectedShop }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const keys = useApiKeys(shop.id);
  // The secret lives only here, in this page's memory, until the owner says it is copied.
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  return (
    <>
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

function SwitchingTab({ shop }: { shop: SelectedShop }) {
  const keys = useApiKeys(shop.id);
  const me = useMe();
  // Pathao's `username` as its plugins send it: the 11 digits, without the display's dash.
  const phone = me.data ? formatPhoneLocal(me.data.user.phone).replace(/\D/g, '') : null;
  if (keys.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  return <SwitchingCouriers origin={window.location.origin} keys={keys.data?.items ?? []} phone={phone} />;
}

function DeveloperApis({ shop }: { shop: SelectedShop }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: Tab = isTab(requested) ? requested : 'keys';

  return (
    <>
      <div className="page__head">
        <Typography.Title level={1} className="page__title">
          {t('apiKeys.title')}
        </Typography.Title>
      </div>
      <Tabs
        activeKey={active}
        onChange={(tab) => setParams(tab === 'keys' ? {} : { tab }, { replace: true })}
        items={[
          { key: 'keys', label: t('developerApis.tabs.keys'), children: <ApiKeysTab shop={shop} /> },
          {
            key: 'webhooks',
            label: t('developerApis.tabs.webhooks'),
            children: <WebhooksSection shopId={shop.id} />,
          },
          {
            key: 'switching',
            label: t('developerApis.tabs.switching'),
            children: <SwitchingTab shop={shop} />,
          },
        ].map((item) => ({ ...item, children: <div className="tab-stack">{item.children}</div> }))}
      />
    </>
  );
}

/**
 * Developer APIs (spec 2; owner only, the API-key permission): the shop's keys for its store, its
 * webhooks with their delivery logs, and how to move a store from Steadfast, Pathao or RedX.
 */
export function DeveloperApisPage() {
  return (
    <div className="page">
      <RequireShop permission="apikey.manage">{(shop) => <DeveloperApis shop={shop} />}</RequireShop>
    </div>
  );
}
