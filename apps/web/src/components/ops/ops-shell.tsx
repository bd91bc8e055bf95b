import { LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Drawer, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import './ops.css';

export type OpsNavItem = { to: string; label: string; icon: ReactNode; end?: boolean };

type OpsShellProps = {
  items: OpsNavItem[];
  staffName: string;
  roleLabel: string;
  /** The room open now, named in the phone bar beside the menu button. */
  currentLabel: string;
  onSignOut: () => void;
  signingOut: boolean;
  children: ReactNode;
};

function OpsNav({
  items,
  staffName,
  roleLabel,
  onNavigate,
  onSignOut,
  signingOut,
}: Omit<OpsShellProps, 'children' | 'currentLabel'> & { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="ops-nav">
      <div className="ops-nav__staff">
        <span className="ops-nav__avatar" aria-hidden>
          <UserOutlined />
        </span>
        <div className="ops-nav__who">
          <span className="ops-nav__name">{staffName}</span>
          <Tag className="ops-nav__role" color="green">
            {roleLabel}
          </Tag>
        </div>
      </div>
      <nav aria-label={t('opsConsole.nav.label')}>
        <ul className="ops-nav__list">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} className="ops-nav__link" onClick={onNavigate}>
                <span className="ops-nav__icon" aria-hidden>
                  {item.icon}
                </span>
                <span>{item.label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Button
        className="ops-nav__signout"
        icon={<LogoutOutlined aria-hidden />}
        onClick={onSignOut}
        loading={signingOut}
        block
      >
        {t('opsConsole.nav.logout')}
      </Button>
    </div>
  );
}

/**
 * The operations console's frame: the rooms in a side column from 768 px, behind a menu button
 * (a drawer) on phones, with who is signed in and a sign-out.
 */
export function OpsShell({ children, currentLabel, ...nav }: OpsShellProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="ops-shell">
      <aside className="ops-shell__aside">
        <OpsNav {...nav} />
      </aside>
      <div className="ops-shell__main">
        <div className="ops-shell__phone-bar">
          <Button
            icon={<MenuOutlined aria-hidden />}
            onClick={() => setOpen(true)}
            aria-expanded={open}
            aria-controls="ops-menu-drawer"
          >
            {t('opsConsole.nav.menu')}
          </Button>
          <span className="ops-shell__current">{currentLabel}</span>
        </div>
        {children}
      </div>
      <Drawer
        id="ops-menu-drawer"
        title={t('opsConsole.title')}
        placement="left"
        size={300}
        open={open}
        onClose={() => setOpen(false)}
        closable={{ 'aria-label': t('opsConsole.nav.closeMenu') }}
        className="ops-drawer"
      >
        <OpsNav {...nav} onNavigate={() => setOpen(false)} />
      </Drawer>
    </div>
  );
}
