import { RidersList } from '../../../features/ops-hubs/components/riders-list';

/** Riders: who rides for which hub; add, move, rename, switch off. */
export function RidersPage() {
  return <RidersList />;
}
