import { ShopOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Result, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMe } from '../../../features/auth/api/get-me';

export function DashboardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();

  if (me.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (me.isError) {
    return (
      <Result
        status="warning"
        title={t('dashboard.loadFailed')}
        extra={
          <Button type="primary" onClick={() => void me.refetch()}>
            {t('actions.retry')}
          </Button>
        }
      />
    );
  }

  const { user, shops } = me.data;
  const name = user.name ?? user.fullName;
  const needsShop = shops.length === 0 && user.accountType === 'merchant';

  return (
    <div className="dashboard">
      <Typography.Title level={1} className="dashboard__title">
        {name ? t('dashboard.welcome', { name }) : t('dashboard.welcomeNoName')}
      </Typography.Title>
      {user.accountType === 'partner' ? (
        <Alert type="info" showIcon title={t('dashboard.partnerNote')} />
      ) : null}
      {needsShop ? (
        <Card className="dashboard__card">
          <Typography.Title level={2} className="dashboard__card-title">
            {t('dashboard.noShopTitle')}
          </Typography.Title>
          <Typography.Paragraph>{t('dashboard.noShopBody')}</Typography.Paragraph>
          <Button type="primary" onClick={() => void navigate('/register', { state: { phone: user.phone } })}>
            {t('dashboard.noShopAction')}
          </Button>
        </Card>
      ) : null}
      {shops.length > 0 ? (
        <section aria-labelledby="shops-title" className="dashboard__card">
          <Typography.Title level={2} id="shops-title" className="dashboard__card-title">
            {t('dashboard.shopsTitle')}
          </Typography.Title>
          <ul className="shop-list">
            {shops.map((shop) => (
              <li key={shop.id} className="shop-list__item" data-testid="shop-name">
                <ShopOutlined aria-hidden className="shop-list__icon" />
                <span className="shop-list__name">{shop.name}</span>
                <Tag>{t(`roles.${shop.role}`)}</Tag>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Card className="dashboard__card">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.emptyState')} />
      </Card>
    </div>
  );
}
