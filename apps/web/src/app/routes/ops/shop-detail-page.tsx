import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { OpsLoadError } from '../../../components/ops/ops-error';
import { OpsPageHeader } from '../../../components/ops/ops-page-header';
import { useOpsShop } from '../../../features/ops-shops/api/get-ops-shop';
import { ShopDetail } from '../../../features/ops-shops/components/shop-detail';

/** One shop, for support and finance: its people, pickup locations, payment method, NID and terms. */
export function ShopDetailPage() {
  const { t } = useTranslation();
  const { shopId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const shop = useOpsShop(shopId);

  // Back to the list as it was (search and page) when we came from it, else to the list.
  const back = () => {
    if (location.key !== 'default') void navigate(-1);
    else void navigate('/ops/shops');
  };
  const backButton = (
    <Button type="link" icon={<ArrowLeftOutlined aria-hidden />} onClick={back} className="ops-back">
      {t('opsConsole.shop.back')}
    </Button>
  );

  if (shop.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (shop.isError) {
    return (
      <>
        {backButton}
        <OpsLoadError error={shop.error} onRetry={() => void shop.refetch()} />
      </>
    );
  }
  return (
    <>
      <OpsPageHeader
        before={backButton}
        title={shop.data.shop.name}
        extra={<Tag color="blue">{t(`merchantTypes.${shop.data.shop.merchantType}`)}</Tag>}
      />
      <ShopDetail detail={shop.data} />
    </>
  );
}
