import { Button, Drawer } from 'antd';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/form-alert';

type RiderSheetProps = {
  title: string;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  error: string | null;
  busy: boolean;
  confirmLabel: string;
  /** A confirm that closes the parcel as not delivered is red. */
  danger?: boolean;
  children: ReactNode;
};

/** The bottom sheet a rider closes a parcel in: its fields, the error, a big confirm and a cancel. */
export function RiderSheet({
  title,
  onClose,
  onSubmit,
  error,
  busy,
  confirmLabel,
  danger,
  children,
}: RiderSheetProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      open
      placement="bottom"
      height="auto"
      onClose={onClose}
      title={title}
      className="rider-sheet"
      destroyOnHidden
    >
      <form onSubmit={onSubmit} noValidate className="rider-sheet__form">
        {children}
        <FormAlert message={error} />
        <Button
          type="primary"
          danger={danger}
          htmlType="submit"
          size="large"
          block
          loading={busy}
          className="rider-big"
        >
          {confirmLabel}
        </Button>
        <Button size="large" block onClick={onClose} className="rider-big rider-big--plain">
          {t('rider.cancel')}
        </Button>
      </form>
    </Drawer>
  );
}
