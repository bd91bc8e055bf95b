import { Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { OpsLoadError } from '../../../components/ops/ops-error';
import { HubScan } from '../../../features/hub-work/components/hub-scan';
import '../../../features/hub-work/components/hub-work.css';
import { useHubs } from '../../../features/ops-hubs/api/hubs';

/** Hub work: scan in, bag, dispatch and receive, in one of the hubs the worker works in. */
export function HubScanPage() {
  const { t } = useTranslation();
  const myHubs = useHubs({ q: '', limit: 200, offset: 0 });
  if (myHubs.isError) return <OpsLoadError error={myHubs.error} onRetry={() => void myHubs.refetch()} />;
  if (myHubs.isPending) return <Skeleton active />;
  if (myHubs.data.items.length === 0) return <Empty description={t('opsConsole.hubWork.noHub')} />;
  return <HubScan hubs={myHubs.data.items} />;
}
