import { dashboardMaxDays } from '@dak/domain/dashboard';
import { type Message, type MessageParams, messageOf } from '@dak/domain/messages';
import { maxWebhookEndpoints } from '@dak/domain/webhook-limits';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isApiError } from './api-error';
import { formatNumber } from './format';
import { currentLanguage, type TranslationKey } from './i18n';

/**
 * The domain's messages by their key (`@dak/domain/messages`), to the locale entry that says them.
 * A key not listed here is shown in the server's (or schema's) English words.
 */
const keyTranslations: Record<string, TranslationKey> = {
  'errors.invalidPhone': 'validation.invalidPhone',
  'errors.phoneRequired': 'validation.phoneRequired',
  'errors.otpRequired': 'validation.otpRequired',
  'errors.otpInvalid': 'validation.otpInvalid',
  'errors.passwordTooShort': 'validation.passwordTooShort',
  'errors.passwordsDoNotMatch': 'validation.passwordsDoNotMatch',
  'errors.termsNotAccepted': 'validation.termsNotAccepted',
  'errors.somethingWentWrong': 'errors.generic',
  'auth.passwordRequired': 'validation.passwordRequired',
  'auth.passwordTooLong': 'validation.passwordTooLong',
  'auth.dailyCountWhole': 'validation.dailyCountWhole',
  'auth.dailyCountTooLarge': 'validation.dailyCountTooLarge',
  'auth.dateOfBirthRequired': 'validation.dateOfBirthRequired',
  'auth.dateOfBirthFormat': 'validation.dateOfBirthFormat',
  'auth.dateOfBirthTooYoung': 'validation.dateOfBirthTooYoung',
  'auth.dateOfBirthImplausible': 'validation.dateOfBirthImplausible',
  'auth.referralTooLong': 'validation.referralTooLong',
  'auth.referralCharacters': 'validation.referralCharacters',
  // Shops, pickup locations, team, payment methods, NID (issue 3).
  'address.english': 'messages.addressEnglish',
  'address.short': 'messages.addressShort',
  'errors.invalidEmail': 'messages.invalidEmail',
  'errors.fileRequired': 'messages.fileRequired',
  'errors.nidSent': 'messages.nidSent',
  'shop.emailRequired': 'messages.shopEmailRequired',
  'shop.reasonRequired': 'messages.reasonRequired',
  'shop.productTypeRequired': 'messages.productTypeRequired',
  'shop.productSubTypeRequired': 'messages.productSubTypeRequired',
  'shop.subTypeMismatch': 'messages.subTypeMismatch',
  'shop.typeAndSubTypeTogether': 'messages.productSubTypeRequired',
  'shop.areaRequired': 'messages.areaRequired',
  'shop.areaNotFound': 'messages.areaNotFound',
  'shop.zoneNotFound': 'messages.zoneNotFound',
  'shop.samePhone': 'messages.samePhone',
  'shop.alternateSamePhone': 'messages.alternateSamePhone',
  'pickup.created': 'pickup.created',
  'pickup.updated': 'pickup.updated',
  'pickup.notFound': 'messages.pickupNotFound',
  'pickup.areaNotCovered': 'messages.areaNotCovered',
  'team.alreadyMember': 'messages.alreadyMember',
  'team.ownerPhone': 'messages.ownerPhone',
  'team.partnerAccount': 'messages.partnerAccount',
  'team.memberNotFound': 'messages.memberNotFound',
  'team.ownerCannotChange': 'messages.ownerCannotChange',
  'team.ownerCannotBeRemoved': 'messages.ownerCannotBeRemoved',
  // API keys (issue 15).
  'apiKeys.nameTaken': 'messages.apiKeyNameTaken',
  'apiKeys.tooManyKeys': 'messages.apiKeyTooMany',
  'apiKeys.scopesRequired': 'messages.apiKeyScopesRequired',
  'apiKeys.nameInvalid': 'messages.apiKeyNameInvalid',
  'apiKeys.notFound': 'messages.apiKeyNotFound',
  'apiKeys.alreadyRevoked': 'messages.apiKeyAlreadyRevoked',
  // Webhooks (issue 15).
  'webhooks.notFound': 'messages.webhookNotFound',
  'webhooks.deliveryNotFound': 'messages.webhookDeliveryNotFound',
  'webhooks.urlInvalid': 'messages.webhookUrlInvalid',
  'webhooks.urlNotHttps': 'messages.webhookUrlNotHttps',
  'webhooks.urlPrivate': 'messages.webhookUrlPrivate',
  'webhooks.urlUnresolvable': 'messages.webhookUrlUnresolvable',
  'webhooks.eventsRequired': 'messages.webhookEventsRequired',
  'webhooks.unknownEvent': 'messages.webhookUnknownEvent',
  'webhooks.tooMany': 'messages.webhookTooMany',
  'webhooks.urlTaken': 'messages.webhookUrlTaken',
  'webhooks.disabled': 'messages.webhookDisabled',
  'paymentMethods.accountNumberRequired': 'messages.accountNumberRequired',
  'paymentMethods.accountNumberDigits': 'messages.accountNumberDigits',
  'paymentMethods.accountNumberLength': 'messages.accountNumberLength',
  'banks.routingRequired': 'messages.routingRequired',
  'banks.routingLength': 'messages.routingLength',
  'banks.routingInvalid': 'messages.routingInvalid',
  'banks.bankUnknown': 'messages.bankUnknown',
  'banks.branchRequired': 'messages.branchRequired',
  'banks.branchUnknown': 'messages.branchRequired',
  'nid.required': 'messages.nidRequired',
  'nid.length': 'messages.nidLength',
  'errors.nidWaiting': 'messages.nidWaiting',
  'auth.currentPasswordRequired': 'messages.currentPasswordRequired',
  'errors.shopNotFound': 'messages.shopNotFound',
  'parcelEdit.prepayment_hold': 'messages.prepaymentHold',
  'parcelEdit.already_edited': 'messages.editAlreadyEdited',
  'parcelEdit.delivered': 'messages.editDelivered',
  'parcelEdit.returning': 'messages.editReturning',
  'parcelEdit.closed': 'messages.editClosed',
  'parcelEdit.nothingToChange': 'messages.editNothing',
  'parcelEdit.cashBelowDeliveryCharge': 'messages.editCashFloor',
  'parcelEdit.edited': 'parcels.edit.saved',
  // Parcels and pricing (issue 5).
  'parcels.created': 'parcels.messages.created',
  'parcels.deleted': 'parcels.messages.deleted',
  'parcels.notFound': 'parcels.messages.notFound',
  'parcels.notDeletable': 'parcels.messages.notDeletable',
  'parcels.noActivePickupLocation': 'parcels.messages.noActivePickupLocation',
  'parcels.pickupLocationInactive': 'parcels.messages.pickupLocationInactive',
  'parcels.alternateSamePhone': 'parcels.messages.alternateSamePhone',
  'parcels.idempotencyKeyReused': 'errors.generic',
  'parcels.exchangeCreated': 'parcels.messages.exchangeCreated',
  'parcels.reverseLegNotReverse': 'parcels.messages.reverseLegNotReverse',
  'parcels.reverseLegClosed': 'parcels.messages.reverseLegClosed',
  'parcels.reverseLegPickedUp': 'parcels.messages.reverseLegPickedUp',
  'parcels.reverseLegOtherCustomer': 'parcels.messages.reverseLegOtherCustomer',
  'parcels.reverseLegLinked': 'parcels.messages.reverseLegLinked',
  'parcels.instructionsTooLong': 'parcels.messages.instructionsTooLong',
  'pricing.weightTooLow': 'parcels.messages.weightTooLow',
  'pricing.weightTooHigh': 'parcels.messages.weightTooHigh',
  'pricing.weightNotWhole': 'parcels.messages.weightNotWhole',
  'pricing.cashDigitsOnly': 'parcels.messages.cashDigitsOnly',
  'pricing.cashLeadingZero': 'parcels.messages.cashLeadingZero',
  'pricing.cashTooHigh': 'parcels.messages.cashTooHigh',
  'pricing.areaNotCovered': 'parcels.messages.areaNotCovered',
  'pricing.pickupAreaNotCovered': 'messages.areaNotCovered',
  'pricing.unknownDeliveryArea': 'messages.areaNotFound',
  'pricing.unknownCategory': 'parcels.messages.unknownCategory',
  'pricing.unknownVariant': 'parcels.messages.unknownVariant',
  'pricing.variantNeedsCategory': 'parcels.messages.variantNeedsCategory',
  // Parcel list exports (issue 4, part 7).
  'parcelExport.notFound': 'parcels.export.notFound',
  'parcelExport.notReady': 'parcels.export.notReady',
  'parcelExport.failed': 'parcels.export.failed',
  'parcelExport.tooMany': 'parcels.export.tooMany',
  // Bulk upload (issue 4, part 6; sheet limits and a retried confirm, issue 11).
  'dashboard.rangeReversed': 'dashboard.messages.rangeReversed',
  'dashboard.rangeTooLong': 'dashboard.messages.rangeTooLong',
  'bulk.pickupRequired': 'bulk.messages.pickupRequired',
  'bulk.acknowledgementRequired': 'bulk.messages.acknowledgementRequired',
  'bulk.noRows': 'bulk.messages.noRows',
  'bulk.tooManyRows': 'bulk.messages.tooManyRows',
  'bulk.invalidRows': 'bulk.messages.invalidRows',
  'bulk.areaNotPredicted': 'bulk.messages.areaNotPredicted',
  'bulk.fileType': 'bulk.messages.fileType',
  'bulk.fileTooLarge': 'bulk.messages.fileTooLarge',
  'bulk.fileCorrupt': 'bulk.messages.fileCorrupt',
  'bulk.noHeader': 'bulk.messages.noHeader',
  'bulk.fileRequired': 'bulk.messages.fileRequired',
  'bulk.sheetTooBig': 'bulk.messages.sheetTooBig',
  'bulk.sheetTooMuchData': 'bulk.messages.sheetTooMuchData',
  'bulk.sheetTooSlow': 'bulk.messages.sheetTooSlow',
  'bulk.confirmInProgress': 'bulk.messages.confirmInProgress',
  'bulk.idempotencyKeyReused': 'bulk.messages.idempotencyKeyReused',
  // A field's rule, said with the field's label (`params.field`, see `fieldLabels`).
  'field.required': 'validation.required',
  'field.minLength': 'validation.minLength',
  'field.maxLength': 'validation.maxLength',
  'field.nameCharacters': 'validation.nameCharacters',
  'field.tooFewAlphanumerics': 'messages.addressTooFew',
  'field.disallowed': 'messages.addressDisallowed',
};

/** The fields the domain's field rules name (`params.field`), by their labels here. */
const fieldLabels: Record<string, TranslationKey> = {
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

/**
 * A keyed message in the chosen language, or undefined when the key has no translation. Numbers
 * take the language's digits; a field rule names its field by the field's label (a field with no
 * label here keeps the English message).
 */
export function translateKeyed(message: Message, t: TFunction): string | undefined {
  const target = keyTranslations[message.key];
  if (!target) return undefined;
  const language = currentLanguage();
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.params ?? ({} as MessageParams))) {
    values[name] = typeof value === 'number' ? formatNumber(value, language) : value;
  }
  if (message.key === 'bulk.tooManyRows') values.n = values.limit ?? '';
  if (message.key === 'dashboard.rangeTooLong') values.n = formatNumber(dashboardMaxDays, language);
  if (message.key === 'webhooks.tooMany') values.n = formatNumber(maxWebhookEndpoints, language);
  if (message.key.startsWith('field.')) {
    const label = fieldLabels[String(message.params?.field ?? '')];
    if (!label) return undefined;
    values.field = t(label);
  }
  return String(t(target as never, values as never));
}

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

/**
 * A schema or server message in the chosen language, by the key the domain said it with (the
 * domain's own record of its texts, `messageOf`); any other message is shown as it came.
 */
export function translateMessage(message: string, t: TFunction, said?: Message): string {
  const keyed = said ?? messageOf(message);
  return (keyed && translateKeyed(keyed, t)) ?? message;
}

/**
 * What to tell the person about a failed call. English shows the server's message (the spec's
 * words, sometimes more specific than the code); other languages translate by code, then by the
 * message's key, and fall back to the message.
 */
export function errorText(error: unknown, t: TFunction): string {
  if (!isApiError(error)) return t('errors.generic');
  if (error.code === 'NETWORK_ERROR') return t('errors.network');
  if (error.code === 'BAD_RESPONSE') return t('errors.generic');
  if (currentLanguage() === 'en') return error.message;
  const key = codeKeys[error.code];
  if (key) return t(key);
  return translateMessage(error.message, t, error.key ? { key: error.key, params: error.params } : undefined);
}

export function useErrorText() {
  const { t } = useTranslation();
  return {
    errorText: (error: unknown) => errorText(error, t),
    translateMessage: (message: string) => translateMessage(message, t),
  };
}
