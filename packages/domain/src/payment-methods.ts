import { z } from 'zod';
import { bankIdSchema, branchIdSchema, routingNumberSchema } from './banks';
import { say } from './messages';
import { groupedNumber, nameSchema } from './names';
import { otpCodeSchema } from './otp';
import { phoneSchema } from './phone';

/** Where Dak pays a shop (spec 3: "Payment method: bank or bkash"). */
export const paymentMethodKinds = ['bank', 'bkash'] as const;
export type PaymentMethodKind = (typeof paymentMethodKinds)[number];

/** A bank account number: 10 to 20 digits; spaces and dashes people type between groups are dropped. */
export const accountNumberSchema = groupedNumber(
  say('paymentMethods.accountNumberRequired', 'Account number is required'),
  (digits) =>
    digits
      .regex(/^\d+$/, say('paymentMethods.accountNumberDigits', 'Account number may contain digits only'))
      .min(10, say('paymentMethods.accountNumberLength', 'Account number must be 10 to 20 digits'))
      .max(20, say('paymentMethods.accountNumberLength', 'Account number must be 10 to 20 digits')),
);

export const bankMethodSchema = z.object({
  method: z.literal('bank'),
  bankId: bankIdSchema,
  branchId: branchIdSchema,
  accountName: nameSchema('Account name'),
  accountNumber: accountNumberSchema,
  routingNumber: routingNumberSchema,
});

/** A bKash wallet is a Bangladeshi mobile number (stored in the 880… form). */
export const bkashMethodSchema = z.object({
  method: z.literal('bkash'),
  walletNumber: phoneSchema,
});

export const paymentMethodInputSchema = z.discriminatedUnion('method', [bankMethodSchema, bkashMethodSchema]);
export type PaymentMethodInput = z.infer<typeof paymentMethodInputSchema>;

/** PUT /shops/:shopId/payment-method: the method and the code sent to the owner's phone. */
export const paymentMethodUpdateSchema = z.discriminatedUnion('method', [
  bankMethodSchema.extend({ code: otpCodeSchema }),
  bkashMethodSchema.extend({ code: otpCodeSchema }),
]);

/**
 * Shows only the last four digits, the rest as `*`: enough for an owner to recognise the account,
 * not enough to use it. Anything of four digits or fewer is masked whole.
 */
export function maskAccountNumber(value: string): string {
  if (value.length <= 4) return '*'.repeat(value.length);
  return `${'*'.repeat(value.length - 4)}${value.slice(-4)}`;
}

/** A stored 880… wallet number in local form, masked but its last four digits. */
export function maskWalletNumber(stored: string): string {
  return maskAccountNumber(`0${stored.replace(/^880/, '')}`);
}

const actorSchema = z.object({ userId: z.string(), name: z.string().nullable() });

export const paymentMethodViewSchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('bank'),
    bank: z.object({ id: z.string(), nameEn: z.string(), nameBn: z.string().nullable() }),
    branch: z.object({
      id: z.number().int(),
      nameEn: z.string(),
      nameBn: z.string().nullable(),
      districtId: z.string(),
    }),
    accountName: z.string(),
    accountNumberMasked: z.string(),
    routingNumber: z.string(),
    updatedAt: z.date(),
    updatedBy: actorSchema,
  }),
  z.object({
    method: z.literal('bkash'),
    walletNumberMasked: z.string(),
    updatedAt: z.date(),
    updatedBy: actorSchema,
  }),
]);
export type PaymentMethodView = z.infer<typeof paymentMethodViewSchema>;

export const paymentMethodHistoryItemSchema = z.object({
  method: z.enum(paymentMethodKinds),
  bankName: z.string().nullable(),
  accountNumberMasked: z.string().nullable(),
  walletNumberMasked: z.string().nullable(),
  changedAt: z.date(),
  changedBy: actorSchema,
});

export const paymentMethodResponseSchema = z.object({
  paymentMethod: paymentMethodViewSchema.nullable(),
  history: z.array(paymentMethodHistoryItemSchema),
});

/** POST /shops/:shopId/payment-method/otp: the code went to the owner's phone, shown masked. */
export const paymentMethodOtpSentSchema = z.object({
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
  sentTo: z.string(),
});
