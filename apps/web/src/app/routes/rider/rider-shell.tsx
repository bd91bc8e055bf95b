import { LogoutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { RiderLanguageSwitch } from '../../../features/rider/components/rider-language-switch';
import { useRiderLanguageDefault } from '../../../features/rider/rider-language';
import '../../../features/rider/rider.css';
import { useStaffSignOut } from '../../use-staff-sign-out';

/** The rider's frame on a phone: brand, language, sign-out, deliveries and pickups; no console navigation. */
export function RiderShell() {
  useRiderLanguageDefault();
  const { t } = useTranslation();
  const { signOut } = useStaffSignOut('/rider/login');

  return (
    <div className="rider-app">
      <header className="rider-bar">
        <span className="rider-bar__brand">{t('rider.brand')}</span>
        <span className="rider-bar__actions">
          <RiderLanguageSwitch />
          <button
            type="button"
            className="rider-bar__out"
            onClick={() => void signOut()}
            aria-label={t('rider.signOut')}
          >
            <LogoutOutlined aria-hidden />
          </button>
        </span>
      </header>
      <nav className="rider-tabs" aria-label={t('rider.nav.label')}>
        <NavLink to="/rider/run" className="rider-tabs__link">
          {t('rider.nav.run')}
        </NavLink>
        <NavLink to="/rider/pickups" className="rider-tabs__link">
          {t('rider.nav.pickups')}
        </NavLink>
      </nav>
      <Outlet />
    </div>
  );
}
