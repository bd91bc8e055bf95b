import { Alert, Button, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { useCurrentTerms } from '../api/get-current-terms';
import { TermsText } from './terms-text';

/** The terms in force, to read before ticking "I accept" on the shop form. */
export function CurrentTermsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const terms = useCurrentTerms({ enabled: open });
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('termsGate.title')}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('actions.close')}
        </Button>
      }
    >
      {terms.isPending ? <Skeleton active /> : null}
      {terms.isError ? <Alert type="error" showIcon title={errorText(terms.error)} /> : null}
      {terms.data ? <TermsText terms={terms.data} /> : null}
    </Modal>
  );
}
