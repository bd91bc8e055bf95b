import { z } from 'zod';
import { localizeDigits } from './digits';
import { failedAttemptReasons } from './parcel-status';
import type { Permission } from './permissions';
import { pickupMissedReasons } from './pickup-missed-reasons';
import type { Language, NotificationPrefs } from './settings';

/**
 * The merchant's notifications (issue 14, item 3): what happened, to whom, where to look. The
 * server writes one row per user (of the shop) and event in the cause's transaction; the web and
 * the SMS word them from `kind` and `params` in the reader's language (texts below, once).
 */
export const notificationKinds = [
  'delivery_failed',
  'parcel_returned',
  'payment_sent',
  'payment_bounced',
  'pickup_missed',
  'nid_decided',
  'team_invitation',
  'webhook_disabled',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/**
 * The permission a shop member needs to be told of a kind: payment news carries amounts and bounce
 * reasons, which only those who may see the shop's payments see (as on the dashboard).
 */
export const notificationPermissionOf: Record<NotificationKind, Permission> = {
  delivery_failed: 'parcel.view',
  parcel_returned: 'parcel.view',
  payment_sent: 'payment.view',
  payment_bounced: 'payment.view',
  pickup_missed: 'parcel.view',
  nid_decided: 'parcel.view',
  team_invitation: 'parcel.view',
  // Only who manages the shop's integrations can enable the webhook again.
  webhook_disabled: 'apikey.manage',
};

/**
 * Which of the settings' topic switches covers a kind; `null`: news about the account itself (NID,
 * team) that no topic switch turns off, only the channel switches.
 */
export const notificationTopicOf: Record<NotificationKind, 'parcelUpdates' | 'paymentUpdates' | null> = {
  delivery_failed: 'parcelUpdates',
  parcel_returned: 'parcelUpdates',
  pickup_missed: 'parcelUpdates',
  payment_sent: 'paymentUpdates',
  payment_bounced: 'paymentUpdates',
  nid_decided: null,
  team_invitation: null,
  webhook_disabled: null,
};

/**
 * Where a notification goes for a user with these preferences: in the app (the centre, the live
 * toast) when the `push` channel is on, by SMS when `sms` is on; either only when the kind's topic
 * is on. A team invitation is not texted (its code SMS was). Email is not sent by Dak yet.
 */
export function notificationChannelsFor(kind: NotificationKind, prefs: NotificationPrefs) {
  const topic = notificationTopicOf[kind];
  const wanted = topic === null || prefs[topic];
  // The invitation's own code SMS ("join a shop's team") already told the phone: no second text.
  const texted = kind !== 'team_invitation';
  return { inApp: wanted && prefs.push, sms: wanted && prefs.sms && texted };
}

/** What each kind carries (all strings or numbers, so the row's JSON is the same everywhere). */
export const notificationParamsSchema = z
  .object({
    trackingId: z.string(),
    /** The failed attempt's or pickup hold's reason key, or a bounce's reason text. */
    reason: z.string(),
    /** delivery_failed: when the parcel goes back by itself without the merchant's decision. */
    deadline: z.string(),
    invoiceNumber: z.string(),
    amountPoisha: z.number(),
    /** nid_decided. */
    decision: z.enum(['approved', 'rejected']),
    shopName: z.string(),
    role: z.string(),
    /** webhook_disabled: the endpoint's URL. */
    url: z.string(),
  })
  .partial();
export type NotificationParams = z.infer<typeof notificationParamsSchema>;

export const notificationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(notificationKinds),
  params: notificationParamsSchema,
  /** The panel path a click opens; /dashboard when none. */
  link: z.string().nullable(),
  readAt: z.date().nullable(),
  createdAt: z.date(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** The payload of one server-sent `notification` event (dates as ISO strings on the wire). */
export type NotificationEvent = Omit<Notification, 'readAt' | 'createdAt'> & {
  readAt: string | null;
  createdAt: string;
};

const taka = (poisha: number | undefined) =>
  `৳${((poisha ?? 0) / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

function dhakaTime(iso: string | undefined, language: Language) {
  if (!iso) return '';
  // Bangladesh is UTC+6 all year.
  const d = new Date(new Date(iso).getTime() + 6 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return localizeDigits(
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
    language,
  );
}

const reasonText = (reason: string | undefined, language: Language) => {
  const known =
    failedAttemptReasons[reason as keyof typeof failedAttemptReasons] ??
    pickupMissedReasons[reason as keyof typeof pickupMissedReasons];
  return known ? known[language] : (reason ?? '');
};

/** One notification in words, in the reader's language: the toast, the centre's line and the SMS. */
export function notificationText(
  n: { kind: NotificationKind; params: NotificationParams },
  language: Language,
): string {
  const p = n.params;
  const bn = language === 'bn';
  switch (n.kind) {
    case 'delivery_failed':
      return bn
        ? `পার্সেল ${p.trackingId} ডেলিভারি করা যায়নি (${reasonText(p.reason, language)})। ${dhakaTime(p.deadline, language)} এর মধ্যে সিদ্ধান্ত না দিলে পার্সেলটি ফেরত আসবে।`
        : `Parcel ${p.trackingId} could not be delivered (${reasonText(p.reason, language)}). Decide by ${dhakaTime(p.deadline, language)} or it comes back to you.`;
    case 'parcel_returned':
      return bn
        ? `পার্সেল ${p.trackingId} আপনার কাছে ফেরত এসেছে।`
        : `Parcel ${p.trackingId} was returned to you.`;
    case 'pickup_missed':
      return bn
        ? `পার্সেল ${p.trackingId} পিকআপ করা যায়নি (${reasonText(p.reason, language)})।`
        : `Parcel ${p.trackingId} was not picked up (${reasonText(p.reason, language)}).`;
    case 'payment_sent':
      return bn
        ? `পেমেন্ট ${p.invoiceNumber} (${taka(p.amountPoisha)}) পাঠানো হয়েছে।`
        : `Payment ${p.invoiceNumber} (${taka(p.amountPoisha)}) was sent.`;
    case 'payment_bounced':
      return bn
        ? `পেমেন্ট ${p.invoiceNumber} (${taka(p.amountPoisha)}) ফেরত এসেছে: ${p.reason ?? ''}। আপনার পেমেন্ট পদ্ধতি দেখুন।`
        : `Payment ${p.invoiceNumber} (${taka(p.amountPoisha)}) bounced: ${p.reason ?? ''}. Check your payment method.`;
    case 'nid_decided':
      return p.decision === 'approved'
        ? bn
          ? 'আপনার NID যাচাই সম্পন্ন হয়েছে।'
          : 'Your NID was approved.'
        : bn
          ? `আপনার NID গ্রহণ করা হয়নি${p.reason ? `: ${p.reason}` : ''}।`
          : `Your NID was rejected${p.reason ? `: ${p.reason}` : ''}.`;
    case 'team_invitation':
      return bn
        ? `আপনাকে ${p.shopName} শপের টিমে (${p.role}) যোগ করা হয়েছে।`
        : `You were added to the team of ${p.shopName} (${p.role}).`;
    case 'webhook_disabled':
      return bn
        ? `ওয়েবহুক ${p.url} ২৪ ঘণ্টা ধরে ব্যর্থ হওয়ায় বন্ধ করা হয়েছে। ডেভেলপার API পাতায় ঠিক করে আবার চালু করুন।`
        : `Webhook ${p.url} was turned off after failing for 24 hours. Fix it and turn it on again in Developer APIs.`;
    default: {
      const unknown: never = n.kind;
      return String(unknown);
    }
  }
}

/** The SMS of a notification: the same words, Dak's name first. */
export function notificationSms(
  n: { kind: NotificationKind; params: NotificationParams },
  language: Language,
) {
  return `${language === 'bn' ? 'ডাক' : 'Dak'}: ${notificationText(n, language)}`;
}

/** The send-notification-sms job's data: the notification's words are made at send time. */
export const notificationSmsJobSchema = z.object({
  userId: z.uuid(),
  kind: z.enum(notificationKinds),
  params: notificationParamsSchema,
});
export type NotificationSmsJob = z.infer<typeof notificationSmsJobSchema>;
