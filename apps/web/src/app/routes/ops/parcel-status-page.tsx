import { Skeleton } from 'antd';
import { OpsLoadError } from '../../../components/ops/ops-error';
import '../../../features/hub-work/components/hub-work.css';
import { useOpsMe } from '../../../features/ops-auth/api/get-ops-me';
import { ParcelStatusBatch } from '../../../features/parcel-status/components/parcel-status-batch';
import '../../../features/parcel-status/components/parcel-status.css';

/** Parcel status: staff move many parcels to one status, the statuses their role may set. */
export function ParcelStatusPage() {
  const me = useOpsMe();
  if (me.isPending) return <Skeleton active />;
  if (me.isError) return <OpsLoadError error={me.error} onRetry={() => void me.refetch()} />;
  return <ParcelStatusBatch role={me.data.staff.role} />;
}
