import { formatNumber } from '../../lib/format';
import type { Language } from '../../lib/i18n';

/**
 * A parcel count as the list shows it: 10,000+ / ১০,০০০+ when the server stopped counting at the
 * list's cap (`countCapped`), the number itself otherwise.
 */
export function formatParcelCount(count: number, capped: boolean, language: Language): string {
  return `${formatNumber(count, language)}${capped ? '+' : ''}`;
}
