import { z } from 'zod';
import { messages } from './errors';
import { say } from './messages';
import { nameSchema } from './names';
import { otpCodeSchema } from './otp';
import { passwordSchema, passwordsMatch } from './password';
import { phoneSchema } from './phone';

/** Request bodies of the sign-in and registration calls: one contract for form and server. */

export const accountTypes = ['merchant', 'partner'] as const;
export type AccountType = (typeof accountTypes)[number];

export const staffRoles = [
  'admin',
  'hub_manager',
  'rider',
  'finance',
  'support',
  'marketing',
  'sales',
] as const;
export type StaffRole = (typeof staffRoles)[number];

export const otpRequestSchema = z.object({ phone: phoneSchema });

export const otpVerifySchema = z.object({
  phone: phoneSchema,
  code: otpCodeSchema,
  accountType: z.enum(accountTypes).optional(),
});

export const passwordLoginSchema = z.object({
  phone: phoneSchema,
  password: z
    .string({ error: say('auth.passwordRequired', 'Password is required') })
    .min(1, say('auth.passwordRequired', 'Password is required'))
    .max(128),
  accountType: z.enum(accountTypes).optional(),
});

/** A date of birth as on the NID: a real calendar date, 18 to 100 years before `today`. */
export function dateOfBirthSchema(today: () => Date = () => new Date()) {
  return z
    .string({ error: say('auth.dateOfBirthRequired', 'Date of birth is required') })
    .regex(/^\d{4}-\d{2}-\d{2}$/, say('auth.dateOfBirthFormat', 'Date of birth must be a date (YYYY-MM-DD)'))
    .refine(
      (value) => {
        const d = new Date(`${value}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
      },
      say('auth.dateOfBirthFormat', 'Date of birth must be a date (YYYY-MM-DD)'),
    )
    .refine(
      (value) => ageOn(value, today()) >= 18,
      say('auth.dateOfBirthTooYoung', 'You must be at least 18 years old'),
    )
    .refine(
      (value) => ageOn(value, today()) <= 100,
      say('auth.dateOfBirthImplausible', 'Date of birth is not plausible'),
    );
}

/** Whole years from a YYYY-MM-DD birth date to the given day. */
export function ageOn(dateOfBirth: string, on: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = on.getUTCFullYear() - y;
  const beforeBirthday = on.getUTCMonth() + 1 < m || (on.getUTCMonth() + 1 === m && on.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/** Daily parcel volume: a positive whole number, no leading 0 (spec 5: "positive integer"). */
export const dailyParcelCountSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^[1-9]\d*$/, 'Daily parcel count must be a whole number without a leading 0'),
    ],
    { error: 'Daily parcel count is required' },
  )
  .transform(Number)
  .pipe(
    z
      .number()
      .int(say('auth.dailyCountWhole', 'Daily parcel count must be a whole number'))
      .min(1, 'Daily parcel count must be at least 1')
      .max(1_000_000, say('auth.dailyCountTooLarge', 'Daily parcel count is too large')),
  );

/** Step one of registration (the first screen): who and which shop. */
export const registrationStartSchema = z.object({
  merchantName: nameSchema('Merchant name'),
  shopName: nameSchema('Shop name'),
  dailyParcelCount: dailyParcelCountSchema,
  phone: phoneSchema,
  termsAccepted: z.literal(true, { error: messages.termsNotAccepted }),
});

/** A referral code as a merchant types it: registration's `referralCode`, a new shop's `referrerCode`. */
export const referralCodeSchema = z
  .string()
  .trim()
  .max(32, say('auth.referralTooLong', 'Referral code is too long'))
  .regex(
    /^[A-Za-z0-9-]*$/,
    say('auth.referralCharacters', 'Referral code may contain letters and digits only'),
  );

/** Step two (personal details): as on the NID, and a password. */
export const personalDetailsShape = {
  fullName: nameSchema('Full name'),
  dateOfBirth: dateOfBirthSchema(),
  referralCode: referralCodeSchema.optional(),
  password: passwordSchema,
  confirmPassword: z.string({ error: messages.passwordsDoNotMatch }),
};

export const personalDetailsSchema = z
  .object(personalDetailsShape)
  .refine(passwordsMatch, { message: messages.passwordsDoNotMatch, path: ['confirmPassword'] });

/** The whole registration call: both steps plus the code sent to the phone. */
export const registrationSchema = registrationStartSchema
  .extend({ code: otpCodeSchema, ...personalDetailsShape })
  .refine(passwordsMatch, { message: messages.passwordsDoNotMatch, path: ['confirmPassword'] });

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string()
      .min(1, say('auth.currentPasswordRequired', 'Current password is required'))
      .max(128),
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine(passwordsMatch, { message: messages.passwordsDoNotMatch, path: ['confirmPassword'] });

export const resetPasswordSchema = z
  .object({ phone: phoneSchema, otp: otpCodeSchema, password: passwordSchema, confirmPassword: z.string() })
  .refine(passwordsMatch, { message: messages.passwordsDoNotMatch, path: ['confirmPassword'] });

/** Actions a temporary access token may be limited to. */
export const temporaryActions = ['eloan_repayment', 'payment_link', 'view_invoice', 'verify_phone'] as const;

/**
 * The temporary-token request: all five fields are needed; a missing or empty one fails with the
 * spec's "generation failed for a missing payload" message, checked before anything else.
 */
export const temporaryTokenFields = [
  'temporaryAllowedAction',
  'identityType',
  'entityType',
  'identityValue',
  'entityValue',
] as const;

export const temporaryTokenSchema = z.object({
  temporaryAllowedAction: z.enum(temporaryActions, { error: 'Unknown temporary action' }),
  identityType: z.enum(['phone', 'user'], { error: 'identityType must be phone or user' }),
  identityValue: z.string().trim().min(1).max(64),
  entityType: z.enum(['shop', 'invoice', 'loan', 'parcel'], { error: 'Unknown entity type' }),
  entityValue: z.string().trim().min(1).max(64),
});

export function missingTemporaryTokenFields(body: unknown): string[] {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  return temporaryTokenFields.filter((field) => {
    const value = record[field];
    return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  });
}

export const staffLoginSchema = z.object({
  phone: phoneSchema,
  password: z.string().min(1, say('auth.passwordRequired', 'Password is required')).max(128),
});

export const staffVerifySchema = z.object({ phone: phoneSchema, code: otpCodeSchema });

// Responses ------------------------------------------------------------------------------------

export const publicUserSchema = z.object({
  id: z.string(),
  phone: z.string(),
  accountType: z.enum(accountTypes),
  name: z.string().nullable(),
  fullName: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  language: z.enum(['en', 'bn']),
  hasPassword: z.boolean(),
  createdAt: z.date().or(z.string()),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const shopRoles = ['owner', 'editor', 'viewer'] as const;
export const merchantTypes = ['b2c', 'offline_agent', 'ltl', 'b2b'] as const;

export const shopSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  merchantType: z.enum(merchantTypes),
  role: z.enum(shopRoles),
});
export type ShopSummary = z.infer<typeof shopSummarySchema>;

export const sessionResponseSchema = z.object({ token: z.string(), user: publicUserSchema });
export const otpLoginResponseSchema = sessionResponseSchema.extend({ isNewUser: z.boolean() });
export const registrationResponseSchema = sessionResponseSchema.extend({ shop: shopSummarySchema });
export const meResponseSchema = z.object({ user: publicUserSchema, shops: z.array(shopSummarySchema) });
export type Me = z.infer<typeof meResponseSchema>;

export const otpSentSchema = z.object({
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});

export const staffSchema = z.object({
  id: z.string(),
  phone: z.string(),
  name: z.string(),
  role: z.enum(staffRoles),
});
