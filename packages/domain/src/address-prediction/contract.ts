import { z } from 'zod';

/** The API's contract: what the booking form sends and what it gets back. */

// Contract ----------------------------------------------------------------------------------------

export const addressPredictionRequestSchema = z.object({
  address: z
    .string()
    .trim()
    .min(1, 'Address is required')
    .max(500, 'Address must be at most 500 characters')
    .meta({
      description: 'A delivery address as the customer wrote it: English, Bengali or Banglish',
      example: 'House 12, Road 5, Dhanmondi 32, Dhaka',
    }),
});
export type AddressPredictionRequest = z.infer<typeof addressPredictionRequestSchema>;

export const addressCandidateSchema = z.object({
  areaId: z.string(),
  districtId: z.string(),
  /** 0..1: how strongly the address points at this area. */
  score: z.number().min(0).max(1),
  /** The words of the address (normalised) that named it, e.g. `mirpur 10`. */
  matched: z.string(),
});
export type AddressCandidate = z.infer<typeof addressCandidateSchema>;

export const addressPredictionSchema = z.object({
  /** Null when the address names no district we can read. */
  districtId: z.string().nullable(),
  /** Null when nothing credible names an area (a district alone without a Sadar upazila, say). */
  areaId: z.string().nullable(),
  /** 0..1: high when one area stands out, low when candidates are close or the match is weak. */
  confidence: z.number().min(0).max(1),
  candidates: z.array(addressCandidateSchema),
});
export type AddressPrediction = z.infer<typeof addressPredictionSchema>;

/**
 * At or above this confidence an answer may be used without a person checking it; below it the
 * reader is saying "not sure" (show the candidates, or refuse an API row rather than book it
 * wrong). On real addresses no answer at or above it named the wrong district where the text names
 * its district (docs/performance.md, "Reading addresses").
 */
export const confidentPrediction = 0.5;
