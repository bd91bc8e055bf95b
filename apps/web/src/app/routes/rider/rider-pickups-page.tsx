import { useTranslation } from 'react-i18next';
import { RiderPickups } from '../../../features/rider-pickups/components/rider-pickups';

/** The rider's pickups for the day, inside the rider shell (which opens in Bengali by default). */
export function RiderPickupsPage() {
  const { t } = useTranslation();
  return (
    <main className="rider-page">
      <div className="rider-page__bar">
        <h1 className="rider-page__title">{t('riderPickups.title')}</h1>
      </div>
      <RiderPickups />
    </main>
  );
}
