import { z } from 'zod';
import { staffSchema } from './auth';

/**
 * Response bodies that the server's routes still declare inline, here so the web client parses
 * the same contract. The server can import these in place of its inline copies.
 */

/** POST /auth/logout, /auth/password/change, /auth/password/reset, /ops/auth/logout. */
export const okResponseSchema = z.object({ ok: z.literal(true) });

/** POST /merchant/registration/otp/verify. */
export const registrationOtpVerifiedSchema = z.object({ verified: z.literal(true) });

/** POST /ops/auth/login: the password was right and a code went to the staff phone. */
export const staffOtpSentSchema = z.object({
  otpSent: z.literal(true),
  resendAfterSeconds: z.number(),
  expiresInSeconds: z.number(),
});

/** POST /ops/auth/verify. */
/**
 * POST /ops/auth/verify. The console (header `X-Dak-Console: 1`) gets no token: its session is an
 * httpOnly cookie no script can read. Other API clients get the bearer token.
 */
export const staffSessionResponseSchema = z.object({ token: z.string().optional(), staff: staffSchema });

/** GET /ops/me. */
export const staffMeResponseSchema = z.object({ staff: staffSchema });

/** GET /health: 200 only when the database answers too. */
export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok').optional(),
  time: z.string().optional(),
});
