import type { ProfileStep } from '@dak/domain/settings';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckCircleIcon } from '../../../components/light/icons';
import { Skeleton } from '../../../components/light/skeleton';
import { localizeDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useProfileCompletion } from '../api/get-profile-completion';
import './profile-completion.css';

export type StepLink = { to: string } | { note: string };

/**
 * The dashboard's profile completion steps (pickup location, payment method, NID, terms): each
 * with a link, the done ones ticked. Shown until all are done.
 */
export function ProfileCompletionCard({
  shopId,
  links,
  id,
}: {
  shopId: string;
  links: Record<ProfileStep, StepLink>;
  id?: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const completion = useProfileCompletion(shopId);

  if (completion.isPending) return <Skeleton rows={3} />;
  // The card is a helper: if it cannot load, the dashboard goes on without it.
  if (completion.isError) return null;
  const { steps, done, total } = completion.data;
  if (done >= total) return null;

  return (
    <section id={id} className="dashboard__card profile-steps" aria-labelledby="profile-steps-title">
      <div className="profile-steps__head">
        <h2 id="profile-steps-title" className="dashboard__card-title">
          {t('profile.title')}
        </h2>
        <span className="profile-steps__count">
          {t('profile.count', {
            done: localizeDigits(String(done), language),
            total: localizeDigits(String(total), language),
          })}
        </span>
      </div>
      <div className="profile-steps__progress" aria-hidden>
        <div
          className="profile-steps__progress-bar"
          style={{ width: `${Math.round((done / total) * 100)}%` }}
        />
      </div>
      <ol className="profile-steps__list">
        {steps.map((step) => {
          const link = links[step.key];
          return (
            <li key={step.key} className={`profile-step${step.done ? ' profile-step--done' : ''}`}>
              <span className="profile-step__mark" aria-hidden>
                {step.done ? <CheckCircleIcon /> : null}
              </span>
              <div className="profile-step__body">
                <span className="profile-step__title">
                  {t(`profile.steps.${step.key}.title`)}
                  {step.done ? <span className="visually-hidden"> — {t('profile.done')}</span> : null}
                </span>
                {step.done ? null : (
                  <span className="profile-step__hint">{t(`profile.steps.${step.key}.hint`)}</span>
                )}
              </div>
              {step.done ? null : 'to' in link ? (
                <Link to={link.to} className="profile-step__link">
                  {t(`profile.steps.${step.key}.action`)}
                </Link>
              ) : (
                <span className="profile-step__note">{link.note}</span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
