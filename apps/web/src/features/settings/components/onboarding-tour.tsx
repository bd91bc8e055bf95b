import { Suspense, useState } from 'react';
import { withAntd } from '../../../components/light/with-antd';
import { useSettings } from '../api/get-settings';
import { useMarkTourSeen } from '../api/mark-tour-seen';

export type TourTarget = { key: string; target: () => HTMLElement | null; title: string; body: string };

/** antd's Tour comes only for a merchant who has not seen it (once per merchant; issue 16). */
const OnboardingTourSteps = withAntd(
  async () => (await import('./onboarding-tour-steps')).OnboardingTourSteps,
);

/**
 * The onboarding mini tour on first sign-in: a few steps over the menu, the shop switcher and the
 * profile steps. Skipping or finishing records it, so it is not shown again.
 */
export function OnboardingTour({ steps, enabled }: { steps: TourTarget[]; enabled: boolean }) {
  const settings = useSettings();
  const markSeen = useMarkTourSeen();
  const [closed, setClosed] = useState(false);
  // Once shown, the tour stays mounted, so closing it animates.
  const [shown, setShown] = useState(false);

  const open = enabled && !closed && settings.data?.onboardingTourSeenAt === null && steps.length > 0;
  if (open && !shown) setShown(true);
  const close = () => {
    setClosed(true);
    markSeen.mutate();
  };

  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <OnboardingTourSteps steps={steps} open={open} onClose={close} />
    </Suspense>
  );
}
