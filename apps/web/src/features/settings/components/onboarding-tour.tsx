import { Button, Tour, type TourProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizeDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useSettings } from '../api/get-settings';
import { useMarkTourSeen } from '../api/mark-tour-seen';
import './settings.css';

export type TourTarget = { key: string; target: () => HTMLElement | null; title: string; body: string };

/**
 * The onboarding mini tour on first sign-in: a few steps over the menu, the shop switcher and the
 * profile steps. Skipping or finishing records it, so it is not shown again. It does not dim the
 * page: the merchant can still use it while the tour is open.
 */
export function OnboardingTour({ steps, enabled }: { steps: TourTarget[]; enabled: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const settings = useSettings();
  const markSeen = useMarkTourSeen();
  const [closed, setClosed] = useState(false);
  const [current, setCurrent] = useState(0);

  const open = enabled && !closed && settings.data?.onboardingTourSeenAt === null && steps.length > 0;
  const close = () => {
    setClosed(true);
    markSeen.mutate();
  };

  const tourSteps: TourProps['steps'] = steps.map((step) => ({
    title: step.title,
    description: step.body,
    // rc-tour types the target as always or never finding an element; ours may find none yet.
    target: step.target as () => HTMLElement,
    nextButtonProps: { children: t('tour.next') },
    prevButtonProps: { children: t('tour.previous') },
  }));

  return (
    <Tour
      open={open}
      current={current}
      onChange={setCurrent}
      onClose={close}
      onFinish={close}
      steps={tourSteps}
      mask={false}
      type="primary"
      indicatorsRender={(index, total) =>
        t('tour.progress', {
          current: localizeDigits(String(index + 1), language),
          total: localizeDigits(String(total), language),
        })
      }
      actionsRender={(actions, { current: index, total }) => (
        <>
          {index < total - 1 ? (
            <Button size="small" type="text" className="tour-skip" onClick={close}>
              {t('tour.skip')}
            </Button>
          ) : null}
          {actions}
        </>
      )}
    />
  );
}
