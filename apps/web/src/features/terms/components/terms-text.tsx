import type { TermsVersion } from '@dak/domain/terms';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, localizeDigits } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import './terms.css';

/** The terms in the chosen language, paragraph by paragraph, with their version and date. */
export function TermsText({ terms }: { terms: TermsVersion }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const body = language === 'bn' ? terms.bodyBn : terms.bodyEn;
  return (
    <div className="terms-text">
      <Typography.Paragraph type="secondary" className="terms-text__meta">
        {t('termsGate.version', {
          version: localizeDigits(String(terms.version), language),
          date: formatDate(terms.publishedAt, language),
        })}
      </Typography.Paragraph>
      {body
        .split(/\n{2,}/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean)
        .map((paragraph) => (
          <p key={paragraph.slice(0, 60)}>{paragraph}</p>
        ))}
    </div>
  );
}
