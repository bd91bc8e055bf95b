import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { BrandLink, FrameFooter, SkipLink } from '../components/light/frame-parts';
import { LanguageSelect } from '../components/ui/language-select';
import './signed-out-frame.css';

/**
 * The frame of the signed-out pages (sign in, sign up, reset password): brand, language, the
 * sign-in and sign-up links, a footer. Plain React and CSS, no antd, so the sign-in page, the
 * first screen of the panel (issue 16), downloads none; it looks like the panel's top bar.
 */
export function SignedOutFrame() {
  const { t } = useTranslation();
  return (
    <div className="signed-out">
      <SkipLink />
      <header className="top-nav signed-out__bar">
        <div className="top-nav__inner page-width">
          <BrandLink />
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
      <FrameFooter className="signed-out__footer" />
    </div>
  );
}
