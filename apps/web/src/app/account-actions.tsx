import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, LinkButton } from '../components/light/button';
import { LogoutIcon } from '../components/light/icons';
import { logout } from '../features/auth/api/logout';
import { opsLogout } from '../features/ops-auth/api/ops-logout';
import { type AuthKind, useAuth } from '../lib/auth-storage';
import { endSession } from '../lib/session';

/**
 * The right end of the top bar: log in / sign up, or log out for whoever is signed in. Plain
 * buttons (components/light), no antd: it sits in the frame of the first screen (issue 16).
 */
export function AccountActions() {
  const auth = useAuth();
  const { t } = useTranslation();
  if (auth) return <LogoutButton kind={auth.kind} />;
  return (
    <>
      <LinkButton to="/login" variant="text" className="top-nav__login">
        {t('nav.login')}
      </LinkButton>
      <LinkButton to="/register" variant="primary" className="hide-below-sm">
        {t('nav.signup')}
      </LinkButton>
    </>
  );
}

function LogoutButton({ kind }: { kind: AuthKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const onClick = async () => {
    setPending(true);
    try {
      await (kind === 'staff' ? opsLogout() : logout());
    } catch {
      // The session ends in this browser whatever the server said.
    }
    // flushSync: the signed-in page is gone before the session is, so its guard never sees it.
    await navigate('/', { replace: true, flushSync: true });
    endSession();
    setPending(false);
  };

  return (
    <Button icon={<LogoutIcon />} onClick={onClick} loading={pending}>
      {t('nav.logout')}
    </Button>
  );
}
