import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Layout } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { localizeDigits } from '../../lib/format';
import { useLanguage } from '../../lib/i18n';
import { LanguageSelect } from '../ui/language-select';

export type NavItem = { to: string; label: string /** Active only on this exact path. */; end?: boolean };

type AppLayoutProps = {
  links: NavItem[];
  /** The right end of the bar: sign-in buttons or the signed-in person's actions. */
  actions: ReactNode;
  children: ReactNode;
};

/**
 * The one shell: top bar (brand, links, language, account), the page, a footer. Below 992 px the
 * links fold into a menu button that opens them in a side panel.
 */
export function AppLayout({ links, actions, children }: AppLayoutProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const year = localizeDigits(String(new Date().getFullYear()), language);

  // Following a link closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation
  useEffect(() => setMenuOpen(false), [pathname]);

  const navLinks = (className: string) =>
    links.map((link) => (
      <NavLink key={link.to} to={link.to} end={link.end} className={className}>
        {link.label}
      </NavLink>
    ));

  return (
    <Layout className="app-layout">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <Layout.Header className="top-nav">
        <div className="top-nav__inner page-width">
          <Link to="/" className="top-nav__brand" aria-label={t('app.brand')}>
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <span>{t('app.brand')}</span>
          </Link>
          {links.length > 0 ? (
            <nav id="main-nav" aria-label={t('nav.main')} className="top-nav__links">
              {navLinks('top-nav__link')}
            </nav>
          ) : null}
          <div className="top-nav__spacer" />
          <LanguageSelect />
          <div className="top-nav__actions">{actions}</div>
          {links.length > 0 ? (
            <Button
              id="main-menu-button"
              className="top-nav__menu-button"
              icon={<MenuOutlined aria-hidden />}
              aria-label={t('nav.menu')}
              aria-expanded={menuOpen}
              aria-controls="main-menu"
              onClick={() => setMenuOpen(true)}
            />
          ) : null}
        </div>
      </Layout.Header>
      {links.length > 0 ? (
        <Drawer
          id="main-menu"
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          placement="right"
          size={280}
          title={t('nav.menu')}
          className="menu-drawer"
        >
          <nav aria-label={t('nav.main')} className="menu-drawer__links">
            {navLinks('menu-drawer__link')}
          </nav>
        </Drawer>
      ) : null}
      <Layout.Content id="main" className="app-content" tabIndex={-1}>
        <div className="page-width page-padding">{children}</div>
      </Layout.Content>
      <Layout.Footer className="app-footer">
        <div className="page-width page-padding app-footer__inner">
          <span>{t('footer.about', { year })}</span>
          <Link to="/ops/login">{t('footer.staffLogin')}</Link>
        </div>
      </Layout.Footer>
    </Layout>
  );
}
