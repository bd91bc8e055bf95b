import { Alert, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/error-text';
import { formatDate, localizeDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useShopTerms } from '../api/get-shop-terms';
import './terms.css';

/** Settings → Terms: who accepted which version of the terms for this shop, and when. */
export function TermsHistory({ shopId }: { shopId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { errorText } = useErrorText();
  const terms = useShopTerms(shopId);
  if (terms.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (terms.isError) return <Alert type="error" showIcon title={errorText(terms.error)} />;
  const { current, accepted, history } = terms.data;
  return (
    <div>
      <Alert
        type={accepted ? 'success' : 'warning'}
        showIcon
        title={
          accepted
            ? t('termsGate.currentAccepted', { version: localizeDigits(String(current.version), language) })
            : t('termsGate.currentNotAccepted', {
                version: localizeDigits(String(current.version), language),
              })
        }
      />
      {history.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('termsGate.noHistory')} />
      ) : (
        <ul className="plain-list">
          {history.map((item) => (
            <li key={`${item.version}-${item.acceptedAt.toISOString()}`}>
              {t('termsGate.historyItem', {
                version: localizeDigits(String(item.version), language),
                date: formatDate(item.acceptedAt, language),
                name: item.acceptedBy.name ?? t('common.someone'),
              })}{' '}
              <span className="card-list__muted">
                ({item.source === 'signup' ? t('termsGate.sourceSignup') : t('termsGate.sourcePage')})
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
