import { type Message, messageOf, type RowRefusal } from '@dak/domain/messages';
import { type ParcelStatus, parcelStatuses } from '@dak/domain/parcel-status';
import type { TFunction } from 'i18next';
import { formatTaka } from '../../lib/format';
import type { Language, TranslationKey } from '../../lib/i18n';

/** One refused row of a bulk status answer: the server's code, English words, key and params. */
export type RowError = RowRefusal;

const key = (name: string) => `opsConsole.parcelStatus.errors.${name}` as TranslationKey;

/** The status machine's and the move step's refusals a batch can meet, by their message keys. */
const byKey: Record<string, TranslationKey> = {
  'returns.otpWrong': key('otpWrong'),
  'returns.otpMissing': key('otpNotSent'),
  'returns.otpTooManyFailures': key('otpLocked'),
  'transition.returnOtpRequired': key('otpRequired'),
  'transition.returnOtpDigits': key('otpDigits'),
  'transition.reasonRequired': key('reasonRequired'),
  'transition.reasonUnknown': key('reasonRequired'),
  'transition.amountRequired': key('amountRequired'),
  'transition.amountWhole': key('amountWhole'),
  'transition.amountTooHigh': key('amountTooHigh'),
  'operations.notYourHub': key('notYourHub'),
  'operations.conflict': key('conflict'),
  'operations.parcelNotFound': key('notFound'),
  'hubWork.pickupHold': 'errors.codes.PICKUP_ON_HOLD',
};

const isStatus = (s: unknown): s is ParcelStatus => (parcelStatuses as readonly unknown[]).includes(s);

/**
 * A refused row in the reader's language, by its message key. Moves the status machine refuses
 * name the statuses by their labels in both languages (the server's words carry codes such as
 * return_in_transit); otherwise English shows the server's message and Bengali its translation,
 * by key, then by code, falling back to the message itself.
 */
export function rowErrorText(error: RowError, t: TFunction, language: Language): string {
  const said: Message | undefined = error.key
    ? { key: error.key, params: error.params }
    : messageOf(error.message);
  const params = said?.params ?? {};
  const status = (s: ParcelStatus) => t(`parcels.statuses.${s}`);
  if (
    (said?.key === 'transition.cannotGo' || said?.key === 'transition.notAllowed') &&
    isStatus(params.from) &&
    isStatus(params.to)
  ) {
    const name = said.key === 'transition.cannotGo' ? 'cannotGo' : 'notAllowed';
    return t(key(name), { from: status(params.from), to: status(params.to) });
  }
  if (language === 'en') return error.message;
  const known = said ? byKey[said.key] : undefined;
  if (known) {
    return t(known, {
      id: String(params.id ?? ''),
      cash: typeof params.cash === 'number' ? formatTaka(params.cash, language) : '',
    });
  }
  return t(`errors.codes.${error.code}` as TranslationKey, { defaultValue: error.message });
}
