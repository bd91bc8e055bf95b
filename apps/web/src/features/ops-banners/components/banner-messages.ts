import { messageOf } from '@dak/domain/messages';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../../lib/format';
import type { Language } from '../../../lib/i18n';

/** The banner schema's English field labels and their keys. */
const labels: Record<string, string> = {
  'Title (English)': 'titleEn',
  'Title (Bengali)': 'titleBn',
  'Text (English)': 'bodyEn',
  'Text (Bengali)': 'bodyBn',
};

/**
 * The banner rules' English messages in the console's language, by the key the domain said them
 * with: `banners.*` sentences by their own key, a field's rule with the field's label.
 */
export function bannerMessage(t: TFunction, language: Language, message: string): string {
  if (language === 'en') return message;
  const said = messageOf(message);
  if (!said) return message;
  if (said.key.startsWith('banners.')) {
    return t(
      `opsConsole.banners.messages.${said.key.slice('banners.'.length)}` as 'opsConsole.banners.messages.kind',
    );
  }
  const label = labels[String(said.params?.field ?? '')];
  if (label && said.key === 'field.required') {
    return t('opsConsole.banners.messages.required', {
      field: t(`opsConsole.banners.fields.${label}` as 'opsConsole.banners.fields.titleEn'),
    });
  }
  if (label && said.key === 'field.maxLength') {
    return t('opsConsole.banners.messages.max', {
      field: t(`opsConsole.banners.fields.${label}` as 'opsConsole.banners.fields.titleEn'),
      n: formatNumber(Number(said.params?.n ?? 0), language),
    });
  }
  return message;
}
