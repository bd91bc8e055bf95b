import { z } from 'zod';
import { listSchema, pageQuery } from './lists';
import { say } from './messages';
import { groupedNumber } from './names';

/**
 * National ID verification: the owner's NID number and photos of both sides, reviewed by staff.
 * Bangladeshi NID numbers have 10 digits (smart card), 13 (older laminated card) or 17 (the
 * 13-digit number with the birth year in front).
 */
export const nidNumberSchema = groupedNumber(say('nid.required', 'NID number is required'), (digits) =>
  digits.regex(/^(\d{10}|\d{13}|\d{17})$/, say('nid.length', 'NID number must be 10, 13 or 17 digits')),
);

/** Shows the last four digits only. */
export function maskNidNumber(value: string): string {
  return value.length <= 4 ? '*'.repeat(value.length) : `${'*'.repeat(value.length - 4)}${value.slice(-4)}`;
}

export const nidImageSides = ['front', 'back'] as const;
export type NidImageSide = (typeof nidImageSides)[number];

/** Each photo at most 5 MB; JPEG, PNG or WebP, told by its bytes, never by the declared type. */
export const nidImageMaxBytes = 5 * 1024 * 1024;
export const nidImageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type NidImageType = (typeof nidImageTypes)[number];

export type ImageCheck =
  | { ok: true; contentType: NidImageType; extension: 'jpg' | 'png' | 'webp' }
  | { ok: false; reason: 'empty' | 'type' | 'corrupt' };

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  return prefix.every((b, i) => bytes[at + i] === b);
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  let out = '';
  for (let i = at; i < at + length && i < bytes.length; i++) out += String.fromCharCode(bytes[i] ?? 0);
  return out;
}

function u32be(bytes: Uint8Array, at: number): number {
  return (
    (((bytes[at] ?? 0) << 24) |
      ((bytes[at + 1] ?? 0) << 16) |
      ((bytes[at + 2] ?? 0) << 8) |
      (bytes[at + 3] ?? 0)) >>>
    0
  );
}

function u32le(bytes: Uint8Array, at: number): number {
  return (
    ((bytes[at] ?? 0) |
      ((bytes[at + 1] ?? 0) << 8) |
      ((bytes[at + 2] ?? 0) << 16) |
      ((bytes[at + 3] ?? 0) << 24)) >>>
    0
  );
}

let crcTable: Uint32Array | undefined;

/** CRC-32 (the polynomial PNG uses), over bytes[start, end). */
export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = start; i < end; i++) crc = (crcTable[(crc ^ (bytes[i] ?? 0)) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A JPEG starts with SOI (FF D8 FF) and a whole one ends with EOI (FF D9). */
function checkJpeg(bytes: Uint8Array): ImageCheck {
  const n = bytes.length;
  if (n < 4 || bytes[n - 2] !== 0xff || bytes[n - 1] !== 0xd9) return { ok: false, reason: 'corrupt' };
  return { ok: true, contentType: 'image/jpeg', extension: 'jpg' };
}

/**
 * A PNG is the signature and then chunks (length, type, data, CRC) from IHDR to IEND. Every chunk
 * must fit in the file with a right CRC, there must be image data, and IEND must end the file.
 */
function checkPng(bytes: Uint8Array): ImageCheck {
  const corrupt = { ok: false, reason: 'corrupt' } as const;
  let at = 8;
  let first = true;
  let sawData = false;
  while (at + 12 <= bytes.length) {
    const length = u32be(bytes, at);
    const type = ascii(bytes, at + 4, 4);
    const end = at + 12 + length;
    if (!/^[A-Za-z]{4}$/.test(type) || end > bytes.length) return corrupt;
    if (crc32(bytes, at + 4, at + 8 + length) !== u32be(bytes, at + 8 + length)) return corrupt;
    if (first && (type !== 'IHDR' || length !== 13)) return corrupt;
    first = false;
    if (type === 'IDAT') sawData = true;
    if (type === 'IEND') {
      return sawData && end === bytes.length
        ? { ok: true, contentType: 'image/png', extension: 'png' }
        : corrupt;
    }
    at = end;
  }
  return corrupt;
}

/**
 * A WebP is a RIFF container: "RIFF", the size of the rest, "WEBP", then chunks (VP8, VP8L or
 * VP8X first). The declared size must be the file's, and the chunks must fill it exactly.
 */
function checkWebp(bytes: Uint8Array): ImageCheck {
  const corrupt = { ok: false, reason: 'corrupt' } as const;
  if (bytes.length < 20 || u32le(bytes, 4) + 8 !== bytes.length) return corrupt;
  if (!['VP8 ', 'VP8L', 'VP8X'].includes(ascii(bytes, 12, 4))) return corrupt;
  let at = 12;
  while (at < bytes.length) {
    if (at + 8 > bytes.length) return corrupt;
    const size = u32le(bytes, at + 4);
    at += 8 + size + (size % 2);
  }
  return at === bytes.length ? { ok: true, contentType: 'image/webp', extension: 'webp' } : corrupt;
}

/**
 * What an uploaded file really is, from its bytes: a whole JPEG, PNG or WebP, or why not
 * ('type': not one of those at all, whatever its name or declared type; 'corrupt': it starts
 * like one but is truncated or damaged).
 */
export function checkImage(bytes: Uint8Array): ImageCheck {
  if (bytes.length === 0) return { ok: false, reason: 'empty' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return checkJpeg(bytes);
  if (startsWith(bytes, pngSignature)) return checkPng(bytes);
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return checkWebp(bytes);
  return { ok: false, reason: 'type' };
}

// Statuses and responses -------------------------------------------------------------------------

/** A submission's review: pending → verified, or failed with a reason (the owner may submit again). */
export const nidSubmissionStatuses = ['pending', 'verified', 'failed'] as const;
export type NidSubmissionStatus = (typeof nidSubmissionStatuses)[number];

/** The owner's NID as a shop sees it: no submission yet, or the latest one's status. */
export const nidStatuses = ['not_submitted', ...nidSubmissionStatuses] as const;
export type NidStatus = (typeof nidStatuses)[number];

/** What an account whose owner's NID is not verified cannot do yet. */
export const nidRestrictions = ['payouts', 'advance_payment'] as const;
export type NidRestriction = (typeof nidRestrictions)[number];

export function restrictionsFor(status: NidStatus): NidRestriction[] {
  return status === 'verified' ? [] : [...nidRestrictions];
}

/** Whether the owner may send a new submission: not while one waits for review, nor once verified. */
export function canSubmitNid(status: NidStatus): boolean {
  return status === 'not_submitted' || status === 'failed';
}

export const nidHistoryItemSchema = z.object({
  id: z.string(),
  status: z.enum(nidSubmissionStatuses),
  nidNumberMasked: z.string(),
  reason: z.string().nullable(),
  submittedAt: z.date(),
  reviewedAt: z.date().nullable(),
});

export const nidViewSchema = z.object({
  status: z.enum(nidStatuses),
  nidNumberMasked: z.string().nullable(),
  reason: z.string().nullable(),
  submittedAt: z.date().nullable(),
  reviewedAt: z.date().nullable(),
  /** The last time the merchant chose "skip for now", if after the latest submission. */
  skippedAt: z.date().nullable(),
  canSubmit: z.boolean(),
  restrictions: z.array(z.enum(nidRestrictions)),
  history: z.array(nidHistoryItemSchema),
});
export type NidView = z.infer<typeof nidViewSchema>;

export const nidSubmittedSchema = z.object({ message: z.string(), nid: nidViewSchema });

// Operations console -----------------------------------------------------------------------------

export const nidReviewQuerySchema = z.object({
  status: z.enum(nidSubmissionStatuses).default('pending'),
  ...pageQuery(100, 20),
});

/** What a reviewer needs: the full number and the owner's name and date of birth to compare. */
export const nidReviewItemSchema = z.object({
  id: z.string(),
  status: z.enum(nidSubmissionStatuses),
  nidNumber: z.string(),
  reason: z.string().nullable(),
  submittedAt: z.date(),
  reviewedAt: z.date().nullable(),
  reviewedBy: z.object({ staffId: z.string(), name: z.string() }).nullable(),
  user: z.object({
    id: z.string(),
    phone: z.string(),
    name: z.string().nullable(),
    fullName: z.string().nullable(),
    dateOfBirth: z.string().nullable(),
  }),
  shop: z.object({ id: z.string(), name: z.string() }).nullable(),
  images: z.object({ front: z.string(), back: z.string() }),
});
export const nidReviewListSchema = listSchema(nidReviewItemSchema);

export const nidFailSchema = z.object({
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(3, 'A reason is required')
    .max(500, 'Reason must be at most 500 characters'),
});
