import { Button, Tour, type TourProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizeDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import type { TourTarget } from './onboarding-tour';
import './settings.css';

/**
 * The tour itself (antd's Tour), loaded only for the merchant who has not seen it yet
 * (onboarding-tour.tsx). It does not dim the page: the merchant can still use it while it is open.
 */
export function OnboardingTourSteps({
  steps,
  open,
  onClose,
}: {
  steps: TourTarget[];
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [current, setCurrent] = useState(0);

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
      onClose={onClose}
      onFinish={onClose}
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
            <Button size="small" type="text" className="tour-skip" onClick={onClose}>
              {t('tour.skip')}
            </Button>
          ) : null}
          {actions}
        </>
      )}
    />
  );
}
