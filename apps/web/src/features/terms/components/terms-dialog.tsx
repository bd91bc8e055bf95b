import type { TermsVersion } from '@dak/domain/terms';
import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TermsText } from './terms-text';

/**
 * The terms gate's modal: the text in force, Later, and Accept for who may accept. antd's Modal,
 * loaded only when it first opens (terms-gate.tsx), under its own antd providers.
 */
export function TermsDialog({
  open,
  terms,
  canAccept,
  accepting,
  onAccept,
  onLater,
}: {
  open: boolean;
  terms: TermsVersion;
  canAccept: boolean;
  accepting: boolean;
  onAccept: () => void;
  onLater: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onCancel={onLater}
      title={t('termsGate.updatedTitle')}
      mask={{ closable: false }}
      width={640}
      footer={
        <div className="form-actions form-actions--end">
          <Button onClick={onLater}>{t('termsGate.later')}</Button>
          {canAccept ? (
            <Button type="primary" onClick={onAccept} loading={accepting}>
              {t('termsGate.accept')}
            </Button>
          ) : null}
        </div>
      }
    >
      <Typography.Paragraph>
        {canAccept ? t('termsGate.intro') : t('termsGate.introViewer')}
      </Typography.Paragraph>
      <div className="terms-scroll">
        <TermsText terms={terms} />
      </div>
    </Modal>
  );
}
