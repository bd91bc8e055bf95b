import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RiderPickups } from '../../../features/rider-pickups/components/rider-pickups';

/**
 * The rider's pickups as a page of its own (until the rider shell of delivery runs holds it).
 * Riders read Bengali first: with no language chosen yet on this phone, the page opens in Bengali.
 */
export function RiderPickupsPage() {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    let chosen: string | null = null;
    try {
      chosen = window.localStorage.getItem('dak.lang');
    } catch {
      // No storage: Bengali for this visit.
    }
    if (!chosen) void i18n.changeLanguage('bn');
  }, [i18n]);
  return (
    <main className="rider-page">
      <div className="rider-page__bar">
        <h1 className="rider-page__title">{t('riderPickups.title')}</h1>
      </div>
      <RiderPickups />
    </main>
  );
}
