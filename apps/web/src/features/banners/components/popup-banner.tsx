import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n';
import { bannerText, liveBannersKey, useLiveBanners, useMarkPopupSeen } from '../api/banners';
import { BannerImage, BannerLink } from './banner-parts';
import './banners.css';

/**
 * A popup banner over the panel, once per banner per user: it is marked seen on the server as soon
 * as it shows, so a reload or another device does not show it again. It waits while `enabled` is
 * false (the terms to accept come first); the sign-in pages are outside the panel, so it never
 * shows over them (spec: sign-in hides the popup banner).
 */
export function PopupBanner({ shopId, enabled }: { shopId: string; enabled: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
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
  const { title, body } = bannerText(popup, language);
  const close = () => {
    setClosed((ids) => [...ids, popup.id]);
    void queryClient.invalidateQueries({ queryKey: liveBannersKey(shopId) });
  };
  return (
    <Modal
      open
      centered
      className="popup-banner"
      title={<span lang={language}>{title}</span>}
      onCancel={close}
      okText={t('banners.close')}
      footer={
        <Button type="primary" onClick={close}>
          {t('banners.close')}
        </Button>
      }
    >
      <div data-testid="popup-banner" lang={language}>
        <BannerImage path={popup.imageUrl} alt={title} className="popup-banner__image" />
        <Typography.Paragraph className="popup-banner__body">{body}</Typography.Paragraph>
        {popup.link ? <BannerLink to={popup.link} label={t('banners.more')} onClick={close} /> : null}
      </div>
    </Modal>
  );
}
