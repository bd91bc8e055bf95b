import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../lib/i18n';
import './registration.css';

const items: TranslationKey[] = [
  'terms.items.truth',
  'terms.items.goods',
  'terms.items.charges',
  'terms.items.payments',
  'terms.items.security',
  'terms.items.suspension',
];

/** The short summary of the terms a merchant accepts at sign-up. */
export function TermsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('terms.title')}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('terms.close')}
        </Button>
      }
    >
      <Typography.Paragraph>{t('terms.intro')}</Typography.Paragraph>
      <ol className="terms-list">
        {items.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ol>
    </Modal>
  );
}
