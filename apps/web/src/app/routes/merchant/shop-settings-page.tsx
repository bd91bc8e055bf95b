import { Alert, Button, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../components/ui/page-card';
import { useShop } from '../../../features/shops/api/get-shop';
import { ShopPhoneChange } from '../../../features/shops/components/shop-phone-change';
import { ShopSettingsForm } from '../../../features/shops/components/shop-settings-form';
import { useErrorText } from '../../../lib/error-text';
import { RequireShop } from '../../require-shop';
import type { SelectedShop } from '../../shop-context';
import { useScrollToHash } from '../../use-scroll-to-hash';

function ShopSettings({ selected }: { selected: SelectedShop }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const shop = useShop(selected.id);
  const canEdit = selected.can('shop.edit');
  useScrollToHash(shop.isSuccess);

  if (shop.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (shop.isError) {
    return (
      <Result
        status="warning"
        title={errorText(shop.error)}
        extra={<Button onClick={() => void shop.refetch()}>{t('actions.retry')}</Button>}
      />
    );
  }

  return (
    <>
      {canEdit ? null : (
        <Alert type="info" showIcon title={t('shopSettings.readOnly')} className="page__note" />
      )}
      <PageCard titleId="shop-details-title" title={t('shopSettings.detailsTitle')}>
        <ShopSettingsForm key={shop.data.id} shop={shop.data} canEdit={canEdit} />
      </PageCard>
      <PageCard titleId="shop-phone-title" title={t('shopSettings.phoneTitle')} id="phone">
        <Typography.Paragraph type="secondary">{t('shopSettings.phoneIntro')}</Typography.Paragraph>
        <ShopPhoneChange shopId={shop.data.id} kind="phone" current={shop.data.phone} canEdit={canEdit} />
      </PageCard>
      <PageCard titleId="return-phone-title" title={t('shopSettings.returnPhoneTitle')} id="return-phone">
        <Typography.Paragraph type="secondary">{t('shopSettings.returnPhoneIntro')}</Typography.Paragraph>
        <ShopPhoneChange
          shopId={shop.data.id}
          kind="return-phone"
          current={shop.data.returnPhone}
          canEdit={canEdit}
        />
      </PageCard>
    </>
  );
}

/** Shop settings: the shop's details, its phone and its return number (each changed with a code). */
export function ShopSettingsPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <Typography.Title level={1} className="page__title">
        {t('shopSettings.title')}
      </Typography.Title>
      <RequireShop>{(shop) => <ShopSettings selected={shop} />}</RequireShop>
    </div>
  );
}
