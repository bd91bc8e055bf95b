import { useLanguage } from '../../../lib/i18n';
import { chooseRiderLanguage } from '../rider-language';

/** Two big buttons, each language named in itself: one tap switches, on a glove or a cracked screen. */
export function RiderLanguageSwitch() {
  const language = useLanguage();
  const next = language === 'bn' ? 'en' : 'bn';
  return (
    <button
      type="button"
      className="rider-lang"
      lang={next}
      aria-label={next === 'en' ? 'Switch to English' : 'বাংলায় দেখুন'}
      onClick={() => chooseRiderLanguage(next)}
    >
      {next === 'en' ? 'English' : 'বাংলা'}
    </button>
  );
}
