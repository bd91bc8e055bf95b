import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** A phone step's buttons: send the code to the number, or go back. */
export function SendCodeActions({ sending, onCancel }: { sending: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="form-actions">
      <Button type="primary" htmlType="submit" loading={sending}>
        {t('actions.sendCode')}
      </Button>
      <Button onClick={onCancel}>{t('actions.cancel')}</Button>
    </div>
  );
}
