import {
  AccountBookOutlined,
  BankOutlined,
  CarOutlined,
  ClusterOutlined,
  FileProtectOutlined,
  FileTextOutlined,
  FlagOutlined,
  IdcardOutlined,
  MessageOutlined,
  MoneyCollectOutlined,
  NodeIndexOutlined,
  NotificationOutlined,
  RocketOutlined,
  RollbackOutlined,
  ScanOutlined,
  ShopOutlined,
  ShoppingOutlined,
  SolutionOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { OpsRoom } from '../../../features/ops-auth/staff-rooms';

/** Where each console room lives and the icon that marks it in the navigation and on the overview. */
export const roomLinks: Record<OpsRoom, { to: string; icon: ReactNode }> = {
  shops: { to: '/ops/shops', icon: <ShopOutlined /> },
  nid: { to: '/ops/nid', icon: <IdcardOutlined /> },
  banks: { to: '/ops/banks', icon: <BankOutlined /> },
  terms: { to: '/ops/terms', icon: <FileProtectOutlined /> },
  flags: { to: '/ops/flags', icon: <FlagOutlined /> },
  sms: { to: '/ops/sms', icon: <MessageOutlined /> },
  content: { to: '/ops/content', icon: <FileTextOutlined /> },
  banners: { to: '/ops/banners', icon: <NotificationOutlined /> },
  leads: { to: '/ops/leads', icon: <SolutionOutlined /> },
  hubs: { to: '/ops/hubs', icon: <ClusterOutlined /> },
  riders: { to: '/ops/riders', icon: <CarOutlined /> },
  pickups: { to: '/ops/pickups', icon: <ShoppingOutlined /> },
  'hub-scan': { to: '/ops/hub-scan', icon: <ScanOutlined /> },
  runs: { to: '/ops/runs', icon: <RocketOutlined /> },
  returns: { to: '/ops/returns', icon: <RollbackOutlined /> },
  'parcel-status': { to: '/ops/parcel-status', icon: <NodeIndexOutlined /> },
  cash: { to: '/ops/cash', icon: <MoneyCollectOutlined /> },
  payouts: { to: '/ops/payouts', icon: <AccountBookOutlined /> },
};
