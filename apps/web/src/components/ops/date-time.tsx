import { formatDate, localizeDigits } from '../../lib/format';
import { type Language, useLanguage } from '../../lib/i18n';

const dhakaClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Dhaka',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The day and the time a moment had on the clock in Bangladesh, whatever the browser's zone. */
function dhakaParts(value: Date, language: Language): { day: string; time: string } {
  const parts = Object.fromEntries(dhakaClock.formatToParts(value).map((part) => [part.type, part.value]));
  return {
    day: formatDate(`${parts.year}-${parts.month}-${parts.day}`, language),
    time: localizeDigits(`${parts.hour}:${parts.minute}`, language),
  };
}

/**
 * A moment as the clock in Bangladesh showed it: "22 November 2026, 08:26" / "২২ নভেম্বর ২০২৬,
 * ০৮:২৬" (the time kept on one line), with the exact instant for machines. The console
 * uses a 24-hour clock: queues and logs are read across the night shift.
 */
export function DateTime({ value }: { value: Date | null | undefined }) {
  const language = useLanguage();
  if (!value || Number.isNaN(value.getTime())) return null;
  const { day, time } = dhakaParts(value, language);
  return (
    <time dateTime={value.toISOString()}>
      {day}, <span className="ops-nowrap">{time}</span>
    </time>
  );
}
