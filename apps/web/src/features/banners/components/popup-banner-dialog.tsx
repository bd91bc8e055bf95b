import type { ShopBanner } from '@dak/domain/banners';
import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n';
import { bannerText } from '../api/banners';
import { BannerImage, BannerLink } from './banner-parts';

/** The popup banner's dialog (antd's Modal): loaded only when a popup is due (popup-banner.tsx). */
export function PopupBannerDialog({ popup, onClose }: { popup: ShopBanner; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { title, body } = bannerText(popup, language);
  return (
    <Modal
      open
      centered
      className="popup-banner"
      title={<span lang={language}>{title}</span>}
      onCancel={onClose}
      okText={t('banners.close')}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('banners.close')}
        </Button>
      }
    >
      <div data-testid="popup-banner" lang={language}>
        <BannerImage path={popup.imageUrl} alt={title} className="popup-banner__image" />
        <Typography.Paragraph className="popup-banner__body">{body}</Typography.Paragraph>
        {popup.link ? <BannerLink to={popup.link} label={t('banners.more')} onClick={onClose} /> : null}
      </div>
    </Modal>
  );
}
