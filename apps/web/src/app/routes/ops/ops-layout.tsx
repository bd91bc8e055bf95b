import { HomeOutlined, LockOutlined } from '@ant-design/icons';
import { Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { OpsLoadError } from '../../../components/ops/ops-error';
import { type OpsNavItem, OpsShell } from '../../../components/ops/ops-shell';
import { LinkButton } from '../../../components/ui/link-button';
import { useOpsMe } from '../../../features/ops-auth/api/get-ops-me';
import { canUseRoom, roomOfPath, roomsFor } from '../../../features/ops-auth/staff-rooms';
import { useStaffSignOut } from '../../use-staff-sign-out';
import { roomLinks } from './room-links';

/**
 * The console's frame for a signed-in staff member: the rooms their role may use, who they are,
 * and sign-out. A room their role may not use shows why instead of its page (and nobody is
 * signed out for it).
 */
export function OpsLayout() {
  const { t } = useTranslation();
  const me = useOpsMe();
  const { pathname } = useLocation();
  const { signOut, signingOut } = useStaffSignOut('/ops/login');

  if (me.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (me.isError) return <OpsLoadError error={me.error} onRetry={() => void me.refetch()} />;

  const { staff } = me.data;
  const room = roomOfPath(pathname);
  const items: OpsNavItem[] = [
    { to: '/ops', label: t('opsConsole.nav.overview'), icon: <HomeOutlined />, end: true },
    ...roomsFor(staff.role).map((r) => ({ ...roomLinks[r], label: t(`opsConsole.nav.${r}`) })),
  ];
  const allowed = room === null || canUseRoom(staff.role, room);

  return (
    <OpsShell
      items={items}
      staffName={staff.name}
      roleLabel={t(`ops.roles.${staff.role}`)}
      currentLabel={room ? t(`opsConsole.nav.${room}`) : t('opsConsole.nav.overview')}
      onSignOut={() => void signOut()}
      signingOut={signingOut}
    >
      {allowed ? (
        <Outlet />
      ) : (
        <Result
          status="warning"
          icon={<LockOutlined />}
          title={t('opsConsole.forbidden.title')}
          subTitle={t('opsConsole.forbidden.role', { role: t(`ops.roles.${staff.role}`) })}
          extra={
            <LinkButton to="/ops" type="primary">
              {t('opsConsole.forbidden.back')}
            </LinkButton>
          }
        />
      )}
    </OpsShell>
  );
}
