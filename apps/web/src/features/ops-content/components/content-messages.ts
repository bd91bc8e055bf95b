import type { TFunction } from 'i18next';
import { formatNumber } from '../../../lib/format';
import type { Language } from '../../../lib/i18n';

/** The English field labels of the content schemas (`@dak/domain/site-content`) and their keys. */
const labels: Record<string, string> = {
  'Name (English)': 'nameEn',
  'Name (Bengali)': 'nameBn',
  'Address (English)': 'addressEn',
  'Address (Bengali)': 'addressBn',
  'Hours (English)': 'hoursEn',
  'Hours (Bengali)': 'hoursBn',
  'Description (English)': 'descriptionEn',
  'Description (Bengali)': 'descriptionBn',
  'Question (English)': 'questionEn',
  'Question (Bengali)': 'questionBn',
  'Answer (English)': 'answerEn',
  'Answer (Bengali)': 'answerBn',
  'Title (English)': 'titleEn',
  'Title (Bengali)': 'titleBn',
  'Excerpt (English)': 'excerptEn',
  'Excerpt (Bengali)': 'excerptBn',
  'Body (English)': 'bodyEn',
  'Body (Bengali)': 'bodyBn',
  Capacity: 'capacityKg',
  Length: 'lengthFeet',
  'Indicative price': 'indicativePriceTaka',
  Position: 'position',
  Slug: 'slug',
  Note: 'note',
};

/**
 * The schemas' English messages in the console's language: "<Field> is required", "… must be at
 * least N characters" and the like by pattern; the few fixed sentences by their own key.
 */
export function contentMessage(t: TFunction, language: Language, message: string): string {
  if (language === 'en') return message;
  const match =
    /^(.+?) (is required|must be at least|must be at most|must be a whole number)(?: (\d+))?/.exec(message);
  const key = match?.[1] ? labels[match[1]] : undefined;
  if (match && key) {
    const field = t(`opsConsole.content.fields.${key}` as 'opsConsole.content.fields.nameEn');
    const n = formatNumber(Number(match[3] ?? 0), language);
    if (match[2] === 'is required') return t('opsConsole.content.messages.required', { field });
    if (match[2] === 'must be a whole number') return t('opsConsole.content.messages.whole', { field });
    return t(
      match[2] === 'must be at least' ? 'opsConsole.content.messages.min' : 'opsConsole.content.messages.max',
      {
        field,
        n,
      },
    );
  }
  const fixed: Record<string, string> = {
    'Invalid phone number': 'opsConsole.content.messages.phone',
    'Phone number can not be empty': 'opsConsole.content.messages.phone',
    'Choose at least one service': 'opsConsole.content.messages.services',
    'Choose a district': 'opsConsole.content.messages.district',
    'Choose an area of the chosen district': 'opsConsole.content.messages.area',
    'Choose a category': 'opsConsole.content.messages.category',
    'Slug may contain lower-case letters, digits and single hyphens only': 'opsConsole.content.messages.slug',
    'Another post already uses this slug': 'opsConsole.content.messages.slugTaken',
    'Upload the cover image again': 'opsConsole.content.messages.cover',
  };
  const fixedKey = fixed[message];
  return fixedKey ? t(fixedKey as 'opsConsole.content.messages.phone') : message;
}
