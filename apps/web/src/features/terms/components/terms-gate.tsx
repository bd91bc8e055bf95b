import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Alert } from '../../../components/light/alert';
import { Button } from '../../../components/light/button';
import { FileTextIcon } from '../../../components/light/icons';
import { withAntd } from '../../../components/light/with-antd';
import { useErrorText } from '../../../lib/error-text';
import { useAcceptTerms } from '../api/accept-terms';
import { useShopTerms } from '../api/get-shop-terms';
import './terms.css';

/** The dialog with the text (antd's Modal) loads when it first opens, not with every page. */
const TermsDialog = withAntd(async () => (await import('./terms-dialog')).TermsDialog);

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
 * It may be put off ("Later"); a banner then stays on every page until someone accepts. The
 * banner is plain markup; the modal (antd) loads with the terms that need it (issue 16).
 */
export function TermsGate({ shopId, canAccept }: { shopId: string; canAccept: boolean }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const terms = useShopTerms(shopId);
  const accept = useAcceptTerms();
  // Shop-and-version keys put off in this session.
  const [later, setLater] = useState<string[]>(readLater);
  const [reading, setReading] = useState(false);
  // Once shown, the dialog stays mounted, so closing it animates; before that, nothing loads.
  const [shown, setShown] = useState(false);

  const data = terms.data;
  if (!data || data.accepted) return null;
  const key = `${shopId}:${data.current.version}`;
  const open = reading || !later.includes(key);
  if (open && !shown) setShown(true);

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
          icon={<FileTextIcon />}
          title={canAccept ? t('termsGate.banner') : t('termsGate.bannerViewer')}
          action={
            <Button size="small" onClick={() => setReading(true)}>
              {t('termsGate.read')}
            </Button>
          }
        />
      )}
      {shown ? (
        <Suspense fallback={null}>
          <TermsDialog
            open={open}
            terms={data.current}
            canAccept={canAccept}
            accepting={accept.isPending}
            onAccept={onAccept}
            onLater={putOff}
          />
        </Suspense>
      ) : null}
    </>
  );
}
