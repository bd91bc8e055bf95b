import { z } from 'zod';
import { listSchema, pageQuery } from './lists';
import { say } from './messages';

/**
 * Banks, branches and routing numbers. A Bangladeshi routing number has nine digits: a 3-digit
 * bank code, a 2-digit district code, a 3-digit branch code and one check digit. Our check digit
 * (the rule our seed and validators share; replace it if Bangladesh Bank's list says otherwise):
 * weights 3, 7, 1 repeating over the first eight digits, check = (10 − sum mod 10) mod 10.
 */
const routingWeights = [3, 7, 1, 3, 7, 1, 3, 7] as const;

/** The check digit of the first eight digits of a routing number. */
export function routingCheckDigit(first8: string): number {
  if (!/^\d{8}$/.test(first8)) throw new Error('routingCheckDigit needs exactly 8 digits');
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(first8[i]) * (routingWeights[i] ?? 0);
  return (10 - (sum % 10)) % 10;
}

/** Builds a routing number from its parts (bank 3 digits, district 2, branch 3) plus the check digit. */
export function makeRoutingNumber(parts: { bankCode: string; districtCode: string; branchCode: string }) {
  const first8 = `${parts.bankCode}${parts.districtCode}${parts.branchCode}`;
  if (
    !/^\d{3}$/.test(parts.bankCode) ||
    !/^\d{2}$/.test(parts.districtCode) ||
    !/^\d{3}$/.test(parts.branchCode)
  ) {
    throw new Error(`bad routing parts ${first8}`);
  }
  return `${first8}${routingCheckDigit(first8)}`;
}

/** Nine digits whose last one is the check digit of the first eight. */
export function isValidRoutingNumber(value: string): boolean {
  return /^\d{9}$/.test(value) && routingCheckDigit(value.slice(0, 8)) === Number(value[8]);
}

/** The parts of a valid routing number. */
export function parseRoutingNumber(value: string) {
  if (!isValidRoutingNumber(value)) return null;
  return { bankCode: value.slice(0, 3), districtCode: value.slice(3, 5), branchCode: value.slice(5, 8) };
}

export const routingNumberSchema = z
  .string({ error: say('banks.routingRequired', 'Routing number is required') })
  .trim()
  .regex(/^\d{9}$/, say('banks.routingLength', 'Routing number must be 9 digits'))
  .refine(isValidRoutingNumber, say('banks.routingInvalid', 'Routing number is not valid'));

export const bankKinds = ['state_owned', 'specialised', 'private', 'islamic', 'foreign'] as const;
export type BankKind = (typeof bankKinds)[number];

/** Bank ids are stable slugs (`dutch-bangla`), like area ids. */
export const bankIdSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{1,40}$/, say('banks.bankUnknown', 'Unknown bank'));

export const branchIdSchema = z.coerce
  .number({ error: say('banks.branchRequired', 'Branch is required') })
  .int(say('banks.branchUnknown', 'Unknown branch'))
  .positive(say('banks.branchUnknown', 'Unknown branch'))
  .max(2_147_483_647, say('banks.branchUnknown', 'Unknown branch'));

export const bankSchema = z.object({
  id: z.string(),
  code: z.string(),
  nameEn: z.string(),
  nameBn: z.string().nullable(),
  shortName: z.string().nullable(),
  kind: z.enum(bankKinds),
});
export type Bank = z.infer<typeof bankSchema>;
export const bankListSchema = listSchema(bankSchema);

export const branchSchema = z.object({
  id: z.number().int(),
  bankId: z.string(),
  routingNumber: z.string(),
  nameEn: z.string(),
  nameBn: z.string().nullable(),
  districtId: z.string(),
  address: z.string().nullable(),
});
export type Branch = z.infer<typeof branchSchema>;
export const branchListSchema = listSchema(branchSchema);

/** Staff see inactive branches too, with the flag. */
export const opsBranchSchema = branchSchema.extend({ active: z.boolean() });
export const opsBranchListSchema = listSchema(opsBranchSchema);

/**
 * A branch picker: the branches of one bank, optionally in one district and matching a name or
 * routing number. Up to 200 at a time: a bank has at most a few dozen branches in a district.
 */
export const branchQuerySchema = z.object({
  districtId: z
    .string()
    .trim()
    .regex(/^[a-z][a-z-]{1,40}$/, 'Unknown district')
    .optional(),
  q: z.string().trim().max(60, 'Search text is too long').optional(),
  ...pageQuery(200, 50),
});

export const opsBranchQuerySchema = branchQuerySchema.extend({
  active: z.enum(['true', 'false']).optional(),
});

export const branchPatchSchema = z.object({ active: z.boolean({ error: 'active must be true or false' }) });
