import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useOpsErrorText } from '../../../components/ops/ops-error';

/** Removes one piece of content after a confirmation. */
export function RemoveButton({ label, onRemove }: { label: string; onRemove: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const errorText = useOpsErrorText();
  return (
    <Popconfirm
      title={t('opsConsole.content.removeTitle', { name: label })}
      okText={t('opsConsole.content.remove')}
      cancelText={t('opsConsole.common.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={async () => {
        try {
          await onRemove();
          toast.success(t('opsConsole.content.removed'));
        } catch (failure) {
          toast.error(errorText(failure));
        }
      }}
    >
      <Button
        size="small"
        danger
        icon={<DeleteOutlined aria-hidden />}
        aria-label={t('opsConsole.content.removeNamed', { name: label })}
      />
    </Popconfirm>
  );
}
