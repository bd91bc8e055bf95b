import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { withAntd } from '../../../components/light/with-antd';
import { liveBannersKey, useLiveBanners, useMarkPopupSeen } from '../api/banners';
import './banners.css';

/** The dialog (antd's Modal) loads only when a popup is due, not with every page (issue 16). */
const PopupBannerDialog = withAntd(async () => (await import('./popup-banner-dialog')).PopupBannerDialog);

/**
 * A popup banner over the panel, once per banner per user: it is marked seen on the server as soon
 * as it shows, so a reload or another device does not show it again. It waits while `enabled` is
 * false (the terms to accept come first); the sign-in pages are outside the panel, so it never
 * shows over them (spec: sign-in hides the popup banner).
 */
export function PopupBanner({ shopId, enabled }: { shopId: string; enabled: boolean }) {
  const queryClient = useQueryClient();
  const banners = useLiveBanners(shopId);
  const markSeen = useMarkPopupSeen(shopId);
  const [closed, setClosed] = useState<string[]>([]);
  const marked = useRef(new Set<string>());
  const popup = enabled ? banners.data?.popups.find((p) => !closed.includes(p.id)) : undefined;

  useEffect(() => {
    if (!popup || marked.current.has(popup.id)) return;
    marked.current.add(popup.id);
    markSeen.mutate(popup.id);
  }, [popup, markSeen]);

  if (!popup) return null;
  const close = () => {
    setClosed((ids) => [...ids, popup.id]);
    void queryClient.invalidateQueries({ queryKey: liveBannersKey(shopId) });
  };
  return (
    <Suspense fallback={null}>
      <PopupBannerDialog key={popup.id} popup={popup} onClose={close} />
    </Suspense>
  );
}
