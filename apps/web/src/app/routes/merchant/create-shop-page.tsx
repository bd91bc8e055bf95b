import { useQueryClient } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { meQueryKey } from '../../../features/auth/api/get-me';
import { CreateShopForm } from '../../../features/shops/components/create-shop-form';
import { CurrentTermsModal } from '../../../features/terms/components/current-terms-modal';
import { useShopState } from '../../shop-context';

/** My shops → Create shop. The new shop becomes the selected one; next, its pickup locations. */
export function CreateShopPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { switchShop } = useShopState();
  const [termsOpen, setTermsOpen] = useState(false);

  return (
    <div className="page">
      <Typography.Title level={1} className="page__title">
        {t('shops.createTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('shops.createSubtitle')}</Typography.Paragraph>
      <div className="page-card">
        <CreateShopForm
          onOpenTerms={() => setTermsOpen(true)}
          onCreated={(shop) => {
            void queryClient.invalidateQueries({ queryKey: meQueryKey });
            switchShop(shop.id);
            toast.success(t('shops.created', { name: shop.name }));
            void navigate(`/shops/${shop.id}/pickup-locations`);
          }}
        />
      </div>
      <CurrentTermsModal open={termsOpen} onClose={() => setTermsOpen(false)} />
    </div>
  );
}
