import { Button, Drawer } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A form in a side panel: Save (which submits the form inside) and Cancel at the foot, the
 * contents dropped when it closes so it opens fresh.
 */
export function FormDrawer({
  open,
  onClose,
  title,
  onSave,
  saving,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  onSave: () => void;
  saving: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      placement="right"
      size={440}
      destroyOnHidden
      className="form-drawer"
      footer={
        <div className="form-actions">
          <Button type="primary" onClick={onSave} loading={saving}>
            {t('actions.save')}
          </Button>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
        </div>
      }
    >
      {children}
    </Drawer>
  );
}
