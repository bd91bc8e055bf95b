import { z } from 'zod';
import { bilingualSchema, codeSchema, codesOf } from './bilingual';
import { listSchema, pageQuery } from './lists';
import { keyed } from './messages';
import { parcelStatusSchema } from './parcel-status';

/**
 * Returns (issue 5, item 6), call logs (item 8): the merchant's Returned parcels screen, the
 * reattempt requests staff decide (spec: approval type return-reattempt-request, status pending),
 * and the calls made to a parcel's customer.
 */

/** Hours a failed parcel waits for the merchant's decision before the job returns it. */
export const defaultAutoReturnHours = 24;
/** Days a call recording is kept. */
export const defaultRecordingRetentionDays = 45;
/** Wrong return codes before a new one must be sent. */
export const returnOtpMaxFailures = 5;

/** Why the merchant asks for another attempt (the spec's "issue reason"). */
export const reattemptReasons = {
  customer_confirmed: { en: 'Customer confirmed they will receive it', bn: 'কাস্টমার নেবেন বলে নিশ্চিত করেছেন' },
  new_time: { en: 'Customer asked for another time', bn: 'কাস্টমার অন্য সময় চেয়েছেন' },
  address_corrected: { en: 'Address corrected', bn: 'ঠিকানা ঠিক করা হয়েছে' },
  phone_corrected: { en: 'Customer phone corrected', bn: 'কাস্টমারের ফোন নম্বর ঠিক করা হয়েছে' },
  rider_did_not_call: { en: 'Rider did not call the customer', bn: 'রাইডার কাস্টমারকে কল করেননি' },
  wrong_reason: { en: 'The failure reason is wrong', bn: 'ব্যর্থতার কারণ ভুল' },
  other: { en: 'Other', bn: 'অন্যান্য' },
} as const;
export type ReattemptReason = keyof typeof reattemptReasons;
export const reattemptReasonCodes = codesOf(reattemptReasons);

export const returnsMessages = keyed('returns', {
  reasonRequired: 'Please select an issue reason',
  notAttempted: 'Only a parcel whose delivery failed can be reattempted or returned',
  alreadyRequested: 'A reattempt request for this parcel is already waiting for approval',
  approvalNotFound: 'Approval not found',
  alreadyDecided: 'This request has already been decided',
  otpWrong: 'The return OTP is wrong',
  otpMissing: 'No return OTP was sent for this parcel; send one first',
  otpTooManyFailures: 'Too many wrong return OTPs; send a new one',
  notOutForReturn: 'The return OTP is sent only while the parcel is out for return',
  tooMany: 'At most 200 requests at once',
});

/** Call logs and the telephony webhook (server: modules/calls). */
export const callMessages = keyed('calls', {
  notFound: 'Call not found',
  recordingGone: 'The recording is no longer kept (45 days)',
  noRecording: 'This call has no recording',
  recordingEmpty: 'The recording is empty',
  startsInFuture: 'The call cannot start in the future',
  webhookNotConfigured: 'The telephony webhook is not configured',
  signatureMissing: 'Missing webhook signature',
  signatureInvalid: 'Invalid webhook signature',
  timestampOutOfWindow: 'The webhook timestamp is too old or in the future',
});

export const reattemptRequestSchema = z.object({
  reason: codeSchema(reattemptReasons, returnsMessages.reasonRequired),
  note: z.string().trim().min(1).max(500, 'Note must be at most 500 characters').optional(),
});
export type ReattemptRequest = z.infer<typeof reattemptRequestSchema>;

/** The screen's three lists: failed (decide), on the way back, returned. */
export const returnedParcelViews = ['attempted', 'returning', 'returned'] as const;
export type ReturnedParcelView = (typeof returnedParcelViews)[number];

export const returnedParcelsQuerySchema = z.object({
  view: z.enum(returnedParcelViews).default('attempted'),
  q: z.string().trim().max(100).optional(),
  ...pageQuery(100, 20, 100_000),
});

export const approvalStatuses = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];

export const returnedParcelSchema = z.object({
  id: z.string(),
  trackingId: z.string(),
  invoiceId: z.string().nullable(),
  customerName: z.string(),
  customerPhone: z.string(),
  deliveryArea: bilingualSchema,
  status: parcelStatusSchema,
  cashCollectionAmount: z.number(),
  /** The last failed attempt: when and why (a failedAttemptReasons code). */
  attemptedAt: z.date().nullable(),
  failedReason: z.string().nullable(),
  /** When the auto-return job will return it, if the merchant does not decide (attempted only). */
  autoReturnAt: z.date().nullable(),
  reattemptApprovedAt: z.date().nullable(),
  approval: z
    .object({ id: z.string(), status: z.enum(approvalStatuses), reason: z.string(), createdAt: z.date() })
    .nullable(),
});
export type ReturnedParcel = z.infer<typeof returnedParcelSchema>;
export const returnedParcelListSchema = z.object({
  items: z.array(returnedParcelSchema),
  count: z.number().int(),
  autoReturnHours: z.number().int(),
});

export const approvalSchema = z.object({
  id: z.string(),
  type: z.literal('return_reattempt_request'),
  status: z.enum(approvalStatuses),
  reason: z.string(),
  note: z.string().nullable(),
  createdAt: z.date(),
  decidedAt: z.date().nullable(),
  decisionNote: z.string().nullable(),
  parcel: z.object({
    trackingId: z.string(),
    status: parcelStatusSchema,
    customerName: z.string(),
    deliveryArea: bilingualSchema,
    hub: bilingualSchema,
    failedReason: z.string().nullable(),
  }),
  shop: z.object({ id: z.string(), name: z.string() }),
  requestedBy: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export type Approval = z.infer<typeof approvalSchema>;
export const approvalListSchema = listSchema(approvalSchema);

export const approvalsQuerySchema = z.object({
  status: z.enum(approvalStatuses).default('pending'),
  q: z.string().trim().max(100).optional(),
  ...pageQuery(200, 50, 100_000),
});

export const approvalDecisionSchema = z.object({
  decision: z.enum(['approved', 'rejected'], { error: 'Choose approve or reject' }),
  note: z.string().trim().min(1).max(500).optional(),
});
export type ApprovalDecision = z.infer<typeof approvalDecisionSchema>;

export const approvalBulkDecisionSchema = approvalDecisionSchema.extend({
  ids: z
    .array(z.uuid('Approval not found'))
    .min(1, 'Choose at least one request')
    .max(200, returnsMessages.tooMany),
});
export const approvalBulkResultSchema = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      ok: z.boolean(),
      error: z.object({ code: z.string(), message: z.string() }).optional(),
    }),
  ),
});

// Calls --------------------------------------------------------------------------------------

export const callOutcomes = ['answered', 'no_answer', 'busy', 'failed'] as const;
export type CallOutcome = (typeof callOutcomes)[number];

/** A call the rider made from the rider view (contract for the rider's phone). */
export const riderCallSchema = z.object({
  startedAt: z.coerce.date({ error: 'startedAt must be a date and time' }),
  durationSeconds: z.number().int().min(0).max(86_400).optional(),
  outcome: z.enum(callOutcomes, { error: `Outcome must be one of: ${callOutcomes.join(', ')}` }),
});

export const callLogSchema = z.object({
  id: z.string(),
  trackingId: z.string(),
  startedAt: z.date(),
  outcome: z.enum(callOutcomes),
  durationSeconds: z.number().int().nullable(),
  customerPhone: z.string(),
  source: z.enum(['rider', 'telephony']),
  /** Who called: the rider's or staff member's name; null for the provider's IVR. */
  caller: z.object({ kind: z.enum(['rider', 'staff', 'ivr']), name: z.string().nullable() }),
  hasRecording: z.boolean(),
  recordingDeleted: z.boolean(),
});
export type CallLog = z.infer<typeof callLogSchema>;
export const callLogListSchema = listSchema(callLogSchema);

export const callLogsQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  outcome: z.enum(callOutcomes).optional(),
  ...pageQuery(100, 20, 100_000),
});

/**
 * The telephony provider's webhook body (our adapter's contract): a finished call, with its
 * recording by URL (fetched from the provider) or uploaded inline (base64); or the IVR's
 * confirmation that the customer pressed to confirm the order.
 */
const webhookBase = {
  eventId: z.string().min(1).max(100),
  trackingId: z.string().min(1).max(40),
  callId: z.string().min(1).max(100),
  startedAt: z.coerce.date(),
};
export const telephonyEventSchema = z.discriminatedUnion('type', [
  z.object({
    ...webhookBase,
    type: z.literal('call.completed'),
    outcome: z.enum(callOutcomes),
    durationSeconds: z.number().int().min(0).max(86_400).optional(),
    customerPhone: z
      .string()
      .regex(/^(\+?88)?01[13-9]\d{8}$/)
      .optional(),
    recordingUrl: z.url().max(2000).optional(),
    recording: z
      .object({
        contentType: z.enum(['audio/mpeg', 'audio/wav', 'audio/ogg']),
        base64: z.string().min(1).max(14_000_000),
      })
      .optional(),
  }),
  z.object({ ...webhookBase, type: z.literal('ivr.confirmed') }),
]);
export type TelephonyEvent = z.infer<typeof telephonyEventSchema>;
