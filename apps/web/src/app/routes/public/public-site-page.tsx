import { useEffect } from 'react';
import { PageLoading } from '../../page-loading';

/**
 * A public-site path reached inside the app (the logo, a sign-out): the server renders those
 * pages, so load it from the server, in the language the visitor chose in the app.
 */
export function PublicSitePage() {
  useEffect(() => {
    const language = window.localStorage.getItem('dak.lang');
    window.location.replace(language === 'bn' ? '/bn' : '/');
  }, []);
  return <PageLoading />;
}
