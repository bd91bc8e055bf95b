import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { LanguageSelect } from '../components/ui/language-select';
import { localizeDigits } from '../lib/format';
import { useLanguage } from '../lib/i18n';
import './signed-out-frame.css';

/**
 * The frame of the signed-out pages (sign in, sign up, reset password): brand, language, the
 * sign-in and sign-up links, a footer. Plain React and CSS, no antd, so the sign-in page, the
 * first screen of the panel (issue 16), downloads none; it looks like the panel's top bar.
 */
export function SignedOutFrame() {
  const { t } = useTranslation();
  const language = useLanguage();
  const year = localizeDigits(String(new Date().getFullYear()), language);
  return (
    <div className="signed-out">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="top-nav signed-out__bar">
        <div className="top-nav__inner page-width">
          <Link to="/" className="top-nav__brand" aria-label={t('app.brand')}>
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <span>{t('app.brand')}</span>
          </Link>
          <div className="top-nav__spacer" />
          <LanguageSelect />
          <div className="top-nav__actions">
            <NavLink to="/login" className="signed-out__action">
              {t('nav.login')}
            </NavLink>
            <NavLink to="/register" className="signed-out__action signed-out__action--primary hide-below-sm">
              {t('nav.signup')}
            </NavLink>
          </div>
        </div>
      </header>
      <main id="main" className="app-content signed-out__content" tabIndex={-1}>
        <div className="page-width page-padding">
          <Outlet />
        </div>
      </main>
      <footer className="app-footer signed-out__footer">
        <div className="page-width page-padding app-footer__inner">
          <span>{t('footer.about', { year })}</span>
          <Link to="/ops/login">{t('footer.staffLogin')}</Link>
        </div>
      </footer>
    </div>
  );
}
