import type { WebhookEvent } from '@dak/domain/webhooks';
import { webhookTestEvent } from '@dak/domain/webhooks';
import { formatDate, localizeDigits } from '../../../lib/format';
import type { Language } from '../../../lib/i18n';

/** An event's locale key (i18next reads '.' as a path, so the event name is not the key itself). */
export const eventKey = {
  'parcel.status_changed': 'statusChanged',
  'invoice.created': 'invoiceCreated',
  'invoice.paid': 'invoicePaid',
  'invoice.bounced': 'invoiceBounced',
} as const satisfies Record<WebhookEvent, string>;

/** The locale key of any event a delivery names: the subscribable ones and the test ping. */
export function deliveryEventKey(event: string): (typeof eventKey)[WebhookEvent] | 'test' | null {
  if (event === webhookTestEvent) return 'test';
  return Object.hasOwn(eventKey, event) ? eventKey[event as WebhookEvent] : null;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** A moment as the log shows it: the date, then the time to the second (22 November 2026, 14:05:09). */
export function formatMoment(value: Date, language: Language): string {
  const time = `${twoDigits(value.getHours())}:${twoDigits(value.getMinutes())}:${twoDigits(value.getSeconds())}`;
  return `${formatDate(value, language)}, ${localizeDigits(time, language)}`;
}
