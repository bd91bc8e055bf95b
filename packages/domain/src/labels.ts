import { z } from 'zod';
import { keyed } from './messages';

/**
 * Parcel labels (issue 4, part 9): which parcels to print and on what paper. `a4` is a sheet of
 * six labels (2 × 3, cut lines between them); `thermal` is one 4 × 6 inch label per page.
 */
export const labelFormats = ['a4', 'thermal'] as const;
export type LabelFormat = (typeof labelFormats)[number];

/** At most this many parcels in one PDF (34 A4 pages). */
export const maxLabelsPerRequest = 200;

export const labelMessages = keyed('labels', {
  noParcels: 'Choose at least one parcel to print',
  tooMany: `Print at most ${maxLabelsPerRequest} labels at a time`,
  format: 'Choose a label format: a4 or thermal',
  notFound: 'Parcel not found',
  deleted: 'A deleted parcel has no label',
} as const);

export const labelFormatSchema = z.enum(labelFormats, { error: labelMessages.format });

export const labelRequestSchema = z.object({
  parcelIds: z
    .array(z.uuid({ error: labelMessages.notFound }), { error: labelMessages.noParcels })
    .min(1, labelMessages.noParcels)
    .max(maxLabelsPerRequest, labelMessages.tooMany),
  format: labelFormatSchema.default('a4'),
});
export type LabelRequest = z.infer<typeof labelRequestSchema>;

export const labelQuerySchema = z.object({ format: labelFormatSchema.default('a4') });

/** Where a label's QR code points: the public tracking page of the parcel. */
export function trackingUrl(base: string, trackingId: string): string {
  return `${base.replace(/\/+$/, '')}/track/${encodeURIComponent(trackingId)}`;
}
