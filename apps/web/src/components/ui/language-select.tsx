import { useTranslation } from 'react-i18next';
import { type Language, languages, setLanguage, useLanguage } from '../../lib/i18n';
import { GlobeIcon } from '../light/icons';

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
      <GlobeIcon className="language-select__icon" />
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
