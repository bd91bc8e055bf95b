import { FileTextOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useErrorText } from '../../../lib/error-text';
import { useAcceptTerms } from '../api/accept-terms';
import { useShopTerms } from '../api/get-shop-terms';
import { TermsText } from './terms-text';
import './terms.css';

const laterKey = 'dak.termsLater';

/** "Later" lasts for this browser session (a reload does not bring the modal back). */
function readLater(): string[] {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(laterKey) ?? '[]');
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function rememberLater(key: string) {
  try {
    window.sessionStorage.setItem(laterKey, JSON.stringify([...readLater(), key].slice(-20)));
  } catch {
    // Then it lasts until the page is reloaded.
  }
}

/**
 * When the selected shop has not accepted the terms in force: a modal with the text and Accept.
 * It may be put off ("Later"); a banner then stays on every page until someone accepts.
 */
export function TermsGate({ shopId, canAccept }: { shopId: string; canAccept: boolean }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const terms = useShopTerms(shopId);
  const accept = useAcceptTerms();
  // Shop-and-version keys put off in this session.
  const [later, setLater] = useState<string[]>(readLater);
  const [reading, setReading] = useState(false);

  const data = terms.data;
  if (!data || data.accepted) return null;
  const key = `${shopId}:${data.current.version}`;
  const open = reading || !later.includes(key);

  const onAccept = async () => {
    try {
      await accept.mutateAsync({ shopId, version: data.current.version });
      toast.success(t('termsGate.accepted'));
      setReading(false);
    } catch (cause) {
      toast.error(errorText(cause));
    }
  };

  const putOff = () => {
    rememberLater(key);
    setLater(readLater());
    setReading(false);
  };

  return (
    <>
      {open ? null : (
        <Alert
          className="terms-banner"
          type="warning"
          showIcon
          icon={<FileTextOutlined aria-hidden />}
          title={canAccept ? t('termsGate.banner') : t('termsGate.bannerViewer')}
          action={
            <Button size="small" onClick={() => setReading(true)}>
              {t('termsGate.read')}
            </Button>
          }
        />
      )}
      <Modal
        open={open}
        onCancel={putOff}
        title={t('termsGate.updatedTitle')}
        maskClosable={false}
        width={640}
        footer={
          <div className="form-actions form-actions--end">
            <Button onClick={putOff}>{t('termsGate.later')}</Button>
            {canAccept ? (
              <Button type="primary" onClick={onAccept} loading={accept.isPending}>
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
          <TermsText terms={data.current} />
        </div>
      </Modal>
    </>
  );
}
