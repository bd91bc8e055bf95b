import { addressMessages } from '@dak/domain/address';
import { bulkMessages } from '@dak/domain/bulk';
import { messages } from '@dak/domain/errors';
import { parcelMessages } from '@dak/domain/parcel';
import { parcelEditMessages } from '@dak/domain/parcel-edits';
import { parcelExportMessages } from '@dak/domain/parcel-list';
import { pricingMessages } from '@dak/domain/pricing';
import { pickupMessages, shopMessages, teamMessages } from '@dak/domain/shop';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isApiError } from './api-error';
import { formatNumber } from './format';
import { currentLanguage, type TranslationKey } from './i18n';

/**
 * Schema and server messages are the spec's English. These are the ones with a translation; any
 * other message is shown as it came.
 */
const exactMessages: Record<string, TranslationKey> = {
  [messages.invalidPhone]: 'validation.invalidPhone',
  [messages.phoneRequired]: 'validation.phoneRequired',
  [messages.otpRequired]: 'validation.otpRequired',
  [messages.otpInvalid]: 'validation.otpInvalid',
  [messages.passwordTooShort]: 'validation.passwordTooShort',
  [messages.passwordsDoNotMatch]: 'validation.passwordsDoNotMatch',
  [messages.termsNotAccepted]: 'validation.termsNotAccepted',
  [messages.somethingWentWrong]: 'errors.generic',
  'Password is required': 'validation.passwordRequired',
  'Password must be at most 128 characters': 'validation.passwordTooLong',
  'Daily parcel count must be a number': 'validation.dailyCountNumber',
  'Daily parcel count must be a whole number': 'validation.dailyCountWhole',
  'Daily parcel count cannot be negative': 'validation.dailyCountNegative',
  'Daily parcel count is too large': 'validation.dailyCountTooLarge',
  'Date of birth is required': 'validation.dateOfBirthRequired',
  'Date of birth must be a date (YYYY-MM-DD)': 'validation.dateOfBirthFormat',
  'You must be at least 18 years old': 'validation.dateOfBirthTooYoung',
  'Date of birth is not plausible': 'validation.dateOfBirthImplausible',
  'Referral code is too long': 'validation.referralTooLong',
  'Referral code may contain letters and digits only': 'validation.referralCharacters',
  // Shops, pickup locations, team, payment methods, NID (issue 3).
  [addressMessages.english]: 'messages.addressEnglish',
  [addressMessages.short]: 'messages.addressShort',
  [messages.invalidEmail]: 'messages.invalidEmail',
  [messages.fileRequired]: 'messages.fileRequired',
  [messages.nidSent]: 'messages.nidSent',
  [shopMessages.emailRequired]: 'messages.shopEmailRequired',
  [shopMessages.reasonRequired]: 'messages.reasonRequired',
  [shopMessages.productTypeRequired]: 'messages.productTypeRequired',
  [shopMessages.productSubTypeRequired]: 'messages.productSubTypeRequired',
  [shopMessages.subTypeMismatch]: 'messages.subTypeMismatch',
  [shopMessages.typeAndSubTypeTogether]: 'messages.productSubTypeRequired',
  [shopMessages.areaRequired]: 'messages.areaRequired',
  [shopMessages.areaNotFound]: 'messages.areaNotFound',
  [shopMessages.zoneNotFound]: 'messages.zoneNotFound',
  [shopMessages.samePhone]: 'messages.samePhone',
  [shopMessages.alternateSamePhone]: 'messages.alternateSamePhone',
  [pickupMessages.created]: 'pickup.created',
  [pickupMessages.updated]: 'pickup.updated',
  [pickupMessages.notFound]: 'messages.pickupNotFound',
  [pickupMessages.areaNotCovered]: 'messages.areaNotCovered',
  [teamMessages.alreadyMember]: 'messages.alreadyMember',
  [teamMessages.ownerPhone]: 'messages.ownerPhone',
  [teamMessages.partnerAccount]: 'messages.partnerAccount',
  [teamMessages.memberNotFound]: 'messages.memberNotFound',
  [teamMessages.ownerCannotChange]: 'messages.ownerCannotChange',
  [teamMessages.ownerCannotBeRemoved]: 'messages.ownerCannotBeRemoved',
  'Account number is required': 'messages.accountNumberRequired',
  'Account number may contain digits only': 'messages.accountNumberDigits',
  'Account number must be 10 to 20 digits': 'messages.accountNumberLength',
  'Routing number is required': 'messages.routingRequired',
  'Routing number must be 9 digits': 'messages.routingLength',
  'Routing number is not valid': 'messages.routingInvalid',
  'Unknown bank': 'messages.bankUnknown',
  'Branch is required': 'messages.branchRequired',
  'Unknown branch': 'messages.branchRequired',
  'NID number is required': 'messages.nidRequired',
  'NID number must be 10, 13 or 17 digits': 'messages.nidLength',
  'Your NID is already waiting for verification': 'messages.nidWaiting',
  'Current password is required': 'messages.currentPasswordRequired',
  'Shop not found': 'messages.shopNotFound',
  [parcelEditMessages.prepayment_hold]: 'messages.prepaymentHold',
  [parcelEditMessages.already_edited]: 'messages.editAlreadyEdited',
  [parcelEditMessages.delivered]: 'messages.editDelivered',
  [parcelEditMessages.returning]: 'messages.editReturning',
  [parcelEditMessages.closed]: 'messages.editClosed',
  [parcelEditMessages.nothingToChange]: 'messages.editNothing',
  [parcelEditMessages.cashBelowDeliveryCharge]: 'messages.editCashFloor',
  [parcelEditMessages.edited]: 'parcels.edit.saved',
  // Parcels and pricing (issue 5).
  [parcelMessages.created]: 'parcels.messages.created',
  [parcelMessages.deleted]: 'parcels.messages.deleted',
  [parcelMessages.notFound]: 'parcels.messages.notFound',
  [parcelMessages.notDeletable]: 'parcels.messages.notDeletable',
  [parcelMessages.noActivePickupLocation]: 'parcels.messages.noActivePickupLocation',
  [parcelMessages.pickupLocationInactive]: 'parcels.messages.pickupLocationInactive',
  [parcelMessages.alternateSamePhone]: 'parcels.messages.alternateSamePhone',
  [parcelMessages.idempotencyKeyReused]: 'errors.generic',
  [parcelMessages.exchangeCreated]: 'parcels.messages.exchangeCreated',
  [parcelMessages.reverseLegNotReverse]: 'parcels.messages.reverseLegNotReverse',
  [parcelMessages.reverseLegClosed]: 'parcels.messages.reverseLegClosed',
  [parcelMessages.reverseLegPickedUp]: 'parcels.messages.reverseLegPickedUp',
  [parcelMessages.reverseLegOtherCustomer]: 'parcels.messages.reverseLegOtherCustomer',
  [parcelMessages.reverseLegLinked]: 'parcels.messages.reverseLegLinked',
  [pricingMessages.weightTooLow]: 'parcels.messages.weightTooLow',
  [pricingMessages.weightTooHigh]: 'parcels.messages.weightTooHigh',
  [pricingMessages.weightNotWhole]: 'parcels.messages.weightNotWhole',
  [pricingMessages.cashDigitsOnly]: 'parcels.messages.cashDigitsOnly',
  [pricingMessages.cashLeadingZero]: 'parcels.messages.cashLeadingZero',
  [pricingMessages.cashTooHigh]: 'parcels.messages.cashTooHigh',
  [pricingMessages.areaNotCovered]: 'parcels.messages.areaNotCovered',
  [pricingMessages.pickupAreaNotCovered]: 'messages.areaNotCovered',
  [pricingMessages.unknownDeliveryArea]: 'messages.areaNotFound',
  [pricingMessages.unknownCategory]: 'parcels.messages.unknownCategory',
  [pricingMessages.unknownVariant]: 'parcels.messages.unknownVariant',
  [pricingMessages.variantNeedsCategory]: 'parcels.messages.variantNeedsCategory',
  'Instructions must be at most 500 characters': 'parcels.messages.instructionsTooLong',
  // Parcel list exports (issue 4, part 7).
  [parcelExportMessages.notFound]: 'parcels.export.notFound',
  [parcelExportMessages.notReady]: 'parcels.export.notReady',
  [parcelExportMessages.failed]: 'parcels.export.failed',
  [parcelExportMessages.tooMany]: 'parcels.export.tooMany',
  // Bulk upload (issue 4, part 6).
  [bulkMessages.pickupRequired]: 'bulk.messages.pickupRequired',
  [bulkMessages.acknowledgementRequired]: 'bulk.messages.acknowledgementRequired',
  [bulkMessages.noRows]: 'bulk.messages.noRows',
  [bulkMessages.invalidRows]: 'bulk.messages.invalidRows',
  [bulkMessages.areaNotPredicted]: 'bulk.messages.areaNotPredicted',
  [bulkMessages.fileType]: 'bulk.messages.fileType',
  [bulkMessages.fileTooLarge]: 'bulk.messages.fileTooLarge',
  [bulkMessages.fileCorrupt]: 'bulk.messages.fileCorrupt',
  [bulkMessages.noHeader]: 'bulk.messages.noHeader',
  [bulkMessages.fileRequired]: 'bulk.messages.fileRequired',
  // Sheet limits and a retried confirm (issue 11).
  [bulkMessages.sheetTooBig]: 'bulk.messages.sheetTooBig',
  [bulkMessages.sheetTooMuchData]: 'bulk.messages.sheetTooMuchData',
  [bulkMessages.sheetTooSlow]: 'bulk.messages.sheetTooSlow',
  [bulkMessages.confirmInProgress]: 'bulk.messages.confirmInProgress',
  [bulkMessages.idempotencyKeyReused]: 'bulk.messages.idempotencyKeyReused',
};

/** Subjects of the name rules ("Shop name is required") and their labels. */
const subjects: Record<string, TranslationKey> = {
  'Merchant name': 'fields.merchantName',
  'Shop name': 'fields.shopName',
  'Full name': 'fields.fullNameShort',
  'Shop address': 'shopForm.shopAddress',
  'Pickup address': 'shopForm.pickupAddress',
  Address: 'pickup.address',
  'Pickup name': 'pickup.name',
  'Account name': 'payment.accountName',
  'Customer name': 'parcels.fields.customerName',
  'Customer address': 'parcels.fields.customerAddress',
  'Delivery area': 'parcels.fields.deliveryArea',
  'Pickup location': 'parcels.fields.pickupLocation',
  'Cash collection amount': 'parcels.fields.cashCollection',
  'Selling price': 'parcels.fields.sellingPrice',
};

const patterns: Array<{ pattern: RegExp; key: TranslationKey; hasCount: boolean; hasChars?: boolean }> = [
  { pattern: /^(.+) is required$/, key: 'validation.required', hasCount: false },
  { pattern: /^(.+) must be at least (\d+) characters$/, key: 'validation.minLength', hasCount: true },
  { pattern: /^(.+) must be at most (\d+) characters$/, key: 'validation.maxLength', hasCount: true },
  {
    pattern: /^(.+) may contain letters, digits, spaces and & ' , \. - only$/,
    key: 'validation.nameCharacters',
    hasCount: false,
  },
  {
    pattern: /^(.+) must have at least (\d+) letters or digits$/,
    key: 'messages.addressTooFew',
    hasCount: true,
  },
  {
    pattern: /^(.+) may not contain any of (.+)$/,
    key: 'messages.addressDisallowed',
    hasCount: false,
    hasChars: true,
  },
];

/** Codes whose translation beats the server's English message in the Bengali UI. */
const codeKeys: Partial<Record<string, TranslationKey>> = {
  OTP_REQUIRED: 'errors.codes.OTP_REQUIRED',
  OTP_INVALID: 'errors.codes.OTP_INVALID',
  OTP_EXPIRED: 'errors.codes.OTP_EXPIRED',
  OTP_TOO_MANY_ATTEMPTS: 'errors.codes.OTP_TOO_MANY_ATTEMPTS',
  OTP_RESEND_TOO_SOON: 'errors.codes.OTP_RESEND_TOO_SOON',
  OTP_LOCKED: 'errors.codes.OTP_LOCKED',
  INVALID_CREDENTIALS: 'errors.codes.INVALID_CREDENTIALS',
  INVALID_PHONE: 'errors.codes.INVALID_PHONE',
  RATE_LIMITED: 'errors.codes.RATE_LIMITED',
  PHONE_ALREADY_REGISTERED: 'errors.codes.PHONE_ALREADY_REGISTERED',
  ACCOUNT_TYPE_MISMATCH: 'errors.codes.ACCOUNT_TYPE_MISMATCH',
  PASSWORD_TOO_SHORT: 'errors.codes.PASSWORD_TOO_SHORT',
  PASSWORDS_DO_NOT_MATCH: 'errors.codes.PASSWORDS_DO_NOT_MATCH',
  TERMS_NOT_ACCEPTED: 'errors.codes.TERMS_NOT_ACCEPTED',
  UNAUTHENTICATED: 'errors.codes.UNAUTHENTICATED',
  FORBIDDEN: 'errors.codes.FORBIDDEN',
  ALREADY_A_MEMBER: 'errors.codes.ALREADY_A_MEMBER',
  OWNER_ROLE_FIXED: 'errors.codes.OWNER_ROLE_FIXED',
  FILE_REQUIRED: 'errors.codes.FILE_REQUIRED',
  FILE_TOO_LARGE: 'errors.codes.FILE_TOO_LARGE',
  FILE_TYPE_NOT_ALLOWED: 'errors.codes.FILE_TYPE_NOT_ALLOWED',
  FILE_CORRUPT: 'errors.codes.FILE_CORRUPT',
  SERVICE_UNAVAILABLE: 'errors.codes.SERVICE_UNAVAILABLE',
  INTERNAL: 'errors.codes.INTERNAL',
};

/** A schema or server message in the chosen language, when there is a translation for it. */
export function translateMessage(message: string, t: TFunction): string {
  const exact = exactMessages[message];
  if (exact) return t(exact);
  const limit = /^At most (\d+) parcels can be uploaded at once$/.exec(message);
  if (limit) return t('bulk.messages.tooManyRows', { n: formatNumber(Number(limit[1]), currentLanguage()) });
  for (const { pattern, key, hasCount, hasChars } of patterns) {
    const match = pattern.exec(message);
    if (!match) continue;
    const subject = subjects[match[1] ?? ''];
    if (!subject) continue;
    const count = hasCount ? formatNumber(Number(match[2]), currentLanguage()) : '';
    return t(key, { field: t(subject), n: count, chars: hasChars ? (match[2] ?? '') : '' });
  }
  return message;
}

/**
 * What to tell the person about a failed call. English shows the server's message (the spec's
 * words, sometimes more specific than the code); other languages translate by code, then by the
 * message itself, and fall back to the message.
 */
export function errorText(error: unknown, t: TFunction): string {
  if (!isApiError(error)) return t('errors.generic');
  if (error.code === 'NETWORK_ERROR') return t('errors.network');
  if (error.code === 'BAD_RESPONSE') return t('errors.generic');
  if (currentLanguage() === 'en') return error.message;
  const key = codeKeys[error.code];
  if (key) return t(key);
  return translateMessage(error.message, t);
}

export function useErrorText() {
  const { t } = useTranslation();
  return {
    errorText: (error: unknown) => errorText(error, t),
    translateMessage: (message: string) => translateMessage(message, t),
  };
}
