import { z } from 'zod';
import { bilingualSchema } from './bilingual';
import { keyed, say } from './messages';
import { requiredText } from './names';
import { failedAttemptReasonSchema, parcelStatusSchema } from './parcel-status';

/**
 * Delivery runs (issue 5, item 5): a hub manager gives a rider the day's parcels; the rider closes
 * each as delivered (the customer's code or a photo, amount collected) or failed (a reason).
 */

/** Wrong delivery codes allowed per parcel; after this many the code is locked (photo proof only). */
export const deliveryOtpMaxAttempts = 5;
/** At most this many parcels added to a run in one request. */
export const deliveryRunMaxParcels = 200;
/** A proof photo: JPEG, PNG or WebP, at most 5 MB (like the NID images). */
export const deliveryProofMaxBytes = 5 * 1024 * 1024;

/** The day in Dhaka (UTC+6, no daylight saving) of an instant: YYYY-MM-DD. */
export function dhakaDate(at: Date): string {
  return new Date(at.getTime() + 6 * 3_600_000).toISOString().slice(0, 10);
}

/** The first instant of a Dhaka date (YYYY-MM-DD): its midnight at +06:00. */
export function dhakaDayStart(date: string): Date {
  return new Date(`${date}T00:00:00+06:00`);
}

/** The last instant of a Dhaka day: the delivery code is good until the run's day ends. */
export function endOfDhakaDay(date: string): Date {
  return new Date(new Date(`${date}T23:59:59.999Z`).getTime() - 6 * 3_600_000);
}

const trackingIdField = requiredText('Tracking ID is required').max(40);

export const deliveryRunCreateSchema = z.object({
  riderId: z.uuid({ error: 'Choose a rider' }),
  trackingIds: z
    .array(trackingIdField, { error: 'trackingIds must be a list' })
    .min(1, 'Choose at least one parcel')
    .max(deliveryRunMaxParcels, `At most ${deliveryRunMaxParcels} parcels at a time`),
});
export type DeliveryRunCreate = z.infer<typeof deliveryRunCreateSchema>;

export const deliveryRunCreatedSchema = z.object({
  runId: z.string(),
  runDate: z.string(),
  results: z.array(
    z.object({
      trackingId: z.string(),
      ok: z.boolean(),
      error: z.object({ code: z.string(), message: z.string() }).optional(),
    }),
  ),
});
export type DeliveryRunCreated = z.infer<typeof deliveryRunCreatedSchema>;

/** A parcel a manager may put on a run: at the delivery hub, or back after a failed attempt. */
export const runCandidateSchema = z.object({
  trackingId: z.string(),
  status: parcelStatusSchema,
  customerName: z.string(),
  areaName: bilingualSchema,
  cashToCollect: z.number(),
});
export const runCandidatesSchema = z.object({ items: z.array(runCandidateSchema) });
export type RunCandidate = z.infer<typeof runCandidateSchema>;

export const runCandidatesQuerySchema = z.object({ hubId: z.string().min(1).max(60) });

/** A run as the hub sees it (the console's list of the day's runs). */
export const deliveryRunSummarySchema = z.object({
  id: z.string(),
  hubId: z.string(),
  runDate: z.string(),
  rider: z.object({ id: z.string(), name: z.string(), phone: z.string() }),
  parcelCount: z.number().int(),
  openCount: z.number().int(),
  deliveredCount: z.number().int(),
  failedCount: z.number().int(),
  cashCollected: z.number(),
});
export const deliveryRunListSchema = z.object({ items: z.array(deliveryRunSummarySchema) });
export type DeliveryRunSummary = z.infer<typeof deliveryRunSummarySchema>;
export const deliveryRunListQuerySchema = z.object({
  hubId: z.string().min(1).max(60),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD')
    .optional(),
});

/** One parcel on the rider's run. */
export const riderRunParcelSchema = z.object({
  trackingId: z.string(),
  status: parcelStatusSchema,
  customerName: z.string(),
  /** Full phone (the rider calls it), local form 01XXXXXXXXX. */
  customerPhone: z.string(),
  address: z.string(),
  area: bilingualSchema,
  cashToCollect: z.number(),
  amountCollected: z.number().nullable(),
  /** Open on the run (not yet delivered or failed). */
  open: z.boolean(),
  otpLocked: z.boolean(),
  failedReason: z.string().nullable(),
});
export type RiderRunParcel = z.infer<typeof riderRunParcelSchema>;

export const riderRunSchema = z.object({
  runDate: z.string(),
  rider: z.object({ name: z.string(), phone: z.string() }),
  hub: z.object({ id: z.string(), name: bilingualSchema }),
  /** Taka collected today on this run (cash on hand). */
  cashCollected: z.number(),
  cashToCollect: z.number(),
  parcels: z.array(riderRunParcelSchema),
});
export type RiderRun = z.infer<typeof riderRunSchema>;

const whole = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be whole taka`)
    .min(0, `${label} cannot be negative`);

export const riderDeliverSchema = z
  .object({
    otp: z
      .string()
      .regex(/^\d{4}$/, 'The delivery OTP has 4 digits')
      .optional(),
    photoId: z.uuid({ error: 'The photo proof is missing' }).optional(),
    amountCollected: whole('Amount collected'),
  })
  .refine((b) => (b.otp ? !b.photoId : !!b.photoId), {
    message: "A delivery needs the customer's OTP or a photo proof",
    path: ['otp'],
  });
export type RiderDeliver = z.infer<typeof riderDeliverSchema>;

export const riderFailSchema = z.object({ reason: failedAttemptReasonSchema });

export const riderMoveResultSchema = z.object({
  trackingId: z.string(),
  status: parcelStatusSchema,
  amountCollected: z.number().nullable(),
});

export const deliveryProofSchema = z.object({ id: z.string() });

export const deliveryRunMessages = keyed('deliveryRun', {
  notOnYourRun: 'This parcel is not on your run',
  riderNotInHub: 'This rider does not work in your hub',
  runInOtherHub: 'This rider already has a run in another hub today',
  notRunnable: (status: string) =>
    say(
      'deliveryRun.notRunnable',
      'Only parcels at the delivery hub or after a failed attempt can go on a run (this one is {status})',
      { status },
    ),
  onAnotherRun: 'This parcel is already on a run',
  otpWrong: (left: number) =>
    left > 0
      ? `The delivery OTP is wrong; ${left} ${left === 1 ? 'try' : 'tries'} left`
      : 'The delivery OTP is wrong; it is now locked, take a photo proof instead',
  otpExpired: 'The delivery OTP has expired; take a photo proof instead',
  otpLocked: `The delivery OTP is locked after ${deliveryOtpMaxAttempts} wrong tries; take a photo proof instead`,
  proofNotFound: 'The photo proof was not found; take the photo again',
  proofUsed: 'This photo already proves another delivery; take a new one',
  proofType: 'The photo must be a JPEG, PNG or WebP image',
  proofCorrupt: 'The photo is damaged or incomplete; take it again',
  proofTooLarge: 'The photo must be at most 5 MB',
  proofRequired: 'Attach the photo',
  /** A delivered parcel's photo proof, read by the merchant or staff. */
  proofMissing: 'This parcel has no delivery photo',
});
