import { messageOf } from '@dak/domain/messages';
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

/** The content forms' fixed sentences by their message key. */
const fixed: Record<string, string> = {
  'errors.invalidPhone': 'opsConsole.content.messages.phone',
  'errors.phoneRequired': 'opsConsole.content.messages.phone',
  'siteContent.services': 'opsConsole.content.messages.services',
  'siteContent.district': 'opsConsole.content.messages.district',
  'siteContent.area': 'opsConsole.content.messages.area',
  'siteContent.category': 'opsConsole.content.messages.category',
  'siteContent.slug': 'opsConsole.content.messages.slug',
  'siteContent.slugTaken': 'opsConsole.content.messages.slugTaken',
  'siteContent.cover': 'opsConsole.content.messages.cover',
};

/** The field rules of the content schemas by their message key. */
const fieldRules: Record<string, string> = {
  'field.required': 'opsConsole.content.messages.required',
  'field.whole': 'opsConsole.content.messages.whole',
  'field.minLength': 'opsConsole.content.messages.min',
  'field.atLeast': 'opsConsole.content.messages.min',
  'field.maxLength': 'opsConsole.content.messages.max',
  'field.atMost': 'opsConsole.content.messages.max',
};

/**
 * The schemas' English messages in the console's language, by the key the domain said them with:
 * a field's rule ("<Field> is required", "… must be at least N characters") with the field's
 * label, the few fixed sentences by their own key.
 */
export function contentMessage(t: TFunction, language: Language, message: string): string {
  if (language === 'en') return message;
  const said = messageOf(message);
  if (!said) return message;
  const rule = fieldRules[said.key];
  const key = labels[String(said.params?.field ?? '')];
  if (rule && key) {
    const field = t(`opsConsole.content.fields.${key}` as 'opsConsole.content.fields.nameEn');
    const n = formatNumber(Number(said.params?.n ?? 0), language);
    return t(rule as 'opsConsole.content.messages.min', { field, n });
  }
  const fixedKey = fixed[said.key];
  return fixedKey ? t(fixedKey as 'opsConsole.content.messages.phone') : message;
}
