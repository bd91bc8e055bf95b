import { messages } from './errors';
import { requiredText } from './names';

/** OTP rules of the spec (sections 5 and 9) and the foundation issue. */
export const otpRules = {
  length: 4,
  ttlSeconds: 5 * 60,
  resendAfterSeconds: 60,
  maxWrongAttempts: 5,
} as const;

export const otpCodeSchema = requiredText(messages.otpRequired).regex(/^\d{4}$/, messages.otpInvalid);

/** Why a code is requested; a code for one purpose never works for another. */
export const otpPurposes = [
  'login',
  'registration',
  'password_reset',
  'staff_login',
  'team_invite',
  'shop_phone_change',
  'return_phone_change',
  'payment_method',
] as const;
export type OtpPurpose = (typeof otpPurposes)[number];
