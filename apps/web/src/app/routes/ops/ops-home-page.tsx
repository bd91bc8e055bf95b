import { Button, Card, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOpsMe } from '../../../features/ops-auth/api/get-ops-me';

/** The operations console's first page: who is signed in, as what. Sign-out is in the top bar. */
export function OpsHomePage() {
  const { t } = useTranslation();
  const me = useOpsMe();

  if (me.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (me.isError) {
    return (
      <Result
        status="warning"
        title={t('ops.loadFailed')}
        extra={
          <Button type="primary" onClick={() => void me.refetch()}>
            {t('actions.retry')}
          </Button>
        }
      />
    );
  }

  const { staff } = me.data;
  return (
    <div className="dashboard">
      <Typography.Title level={1} className="dashboard__title">
        {t('ops.welcome', { name: staff.name })}
      </Typography.Title>
      <Card className="dashboard__card">
        <Typography.Paragraph data-testid="staff-role">
          {t('ops.roleLine', { role: t(`ops.roles.${staff.role}`) })}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('ops.consoleNote')}</Typography.Paragraph>
      </Card>
    </div>
  );
}
