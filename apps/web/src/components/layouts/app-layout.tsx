import { Layout } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { localizeDigits } from '../../lib/format';
import { useLanguage } from '../../lib/i18n';
import { LanguageSelect } from '../ui/language-select';

export type NavItem = { to: string; label: string };

type AppLayoutProps = {
  links: NavItem[];
  /** The right end of the bar: sign-in buttons or the signed-in person's actions. */
  actions: ReactNode;
  children: ReactNode;
};

/** The one shell: top bar (brand, links, language, account), the page, a footer. */
export function AppLayout({ links, actions, children }: AppLayoutProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const year = localizeDigits(String(new Date().getFullYear()), language);
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
            <nav aria-label={t('nav.main')} className="top-nav__links">
              {links.map((link) => (
                <NavLink key={link.to} to={link.to} className="top-nav__link">
                  {link.label}
                </NavLink>
              ))}
            </nav>
          ) : null}
          <div className="top-nav__spacer" />
          <LanguageSelect />
          <div className="top-nav__actions">{actions}</div>
        </div>
      </Layout.Header>
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
