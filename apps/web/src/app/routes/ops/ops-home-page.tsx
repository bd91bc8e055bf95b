import { ClockCircleOutlined } from '@ant-design/icons';
import { roomRoles } from '@dak/domain/staff-rooms';
import { Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OpsLoadError } from '../../../components/ops/ops-error';
import { OpsPageHeader } from '../../../components/ops/ops-page-header';
import { useOpsMe } from '../../../features/ops-auth/api/get-ops-me';
import { roomsFor } from '../../../features/ops-auth/staff-rooms';
import { OpsOverview } from '../../../features/ops-overview/components/ops-overview';
import { roomLinks } from './room-links';

/**
 * The console's first page: who is signed in, as what, the live figures of their hubs (hub staff:
 * the hubs room's roles), and the rooms that role opens.
 */
export function OpsHomePage() {
  const { t } = useTranslation();
  const me = useOpsMe();

  if (me.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (me.isError) return <OpsLoadError error={me.error} onRetry={() => void me.refetch()} />;

  const { staff } = me.data;
  const rooms = roomsFor(staff.role);
  const role = t(`ops.roles.${staff.role}`);
  const hubStaff = (roomRoles.hubs as readonly string[]).includes(staff.role);
  return (
    <>
      <OpsPageHeader
        title={t('ops.welcome', { name: staff.name })}
        subtitle={<span data-testid="staff-role">{t('ops.roleLine', { role })}</span>}
      />
      {hubStaff ? <OpsOverview /> : null}
      {rooms.length === 0 ? (
        <div className="ops-panel ops-later">
          <Result
            icon={<ClockCircleOutlined />}
            title={t('opsConsole.home.laterTitle')}
            subTitle={t('opsConsole.home.laterBody', { role })}
          />
        </div>
      ) : (
        <ul className="ops-tiles">
          {rooms.map((room) => (
            <li key={room}>
              <Link to={roomLinks[room].to} className="ops-tile">
                <span className="ops-tile__icon" aria-hidden>
                  {roomLinks[room].icon}
                </span>
                <span>
                  <span className="ops-tile__title">{t(`opsConsole.nav.${room}`)}</span>
                  <span className="ops-tile__body">{t(`opsConsole.home.rooms.${room}`)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
