import { useTranslation } from 'react-i18next';
import { type Language, languages, setLanguage, useLanguage } from '../../lib/i18n';

/**
 * A native select: the phone's own picker on small screens, and each language named in itself.
 * Its accessible name keeps the English word "Language" in every UI, so anyone can find it. The
 * globe is inline SVG: no icon library on the sign-in page (issue 16).
 */
export function LanguageSelect() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <span className="language-select">
      <svg
        className="language-select__icon"
        viewBox="0 0 16 16"
        width="14"
        height="14"
        aria-hidden
        focusable="false"
      >
        <g fill="none" stroke="currentColor" strokeWidth="1.2">
          <circle cx="8" cy="8" r="6.6" />
          <ellipse cx="8" cy="8" rx="2.8" ry="6.6" />
          <path d="M1.4 8h13.2M2.4 4.6h11.2M2.4 11.4h11.2" />
        </g>
      </svg>
      <select
        aria-label={t('nav.language')}
        value={language}
        onChange={(event) => setLanguage(event.target.value as Language)}
        className="language-select__control"
      >
        {languages.map((value) => (
          <option key={value} value={value} lang={value}>
            {t(`languages.${value}`)}
          </option>
        ))}
      </select>
    </span>
  );
}
