import { operationsMessages } from '@dak/domain/operations';
import { type ParcelStatus, parcelStatuses, transitionMessages } from '@dak/domain/parcel-status';
import { returnsMessages } from '@dak/domain/returns';
import type { TFunction } from 'i18next';
import { formatTaka } from '../../lib/format';
import type { Language, TranslationKey } from '../../lib/i18n';

/** One refused row of a bulk status answer, as the server words it. */
export type RowError = { code: string; message: string };

const key = (name: string) => `opsConsole.parcelStatus.errors.${name}` as TranslationKey;

/** The status machine's and the move step's refusals a batch can meet, by their exact words. */
const exact: Record<string, TranslationKey> = {
  [returnsMessages.otpWrong]: key('otpWrong'),
  [returnsMessages.otpMissing]: key('otpNotSent'),
  [returnsMessages.otpTooManyFailures]: key('otpLocked'),
  [transitionMessages.returnOtpRequired]: key('otpRequired'),
  [transitionMessages.returnOtpDigits]: key('otpDigits'),
  [transitionMessages.reasonRequired]: key('reasonRequired'),
  [transitionMessages.reasonUnknown]: key('reasonRequired'),
  [transitionMessages.amountRequired]: key('amountRequired'),
  [transitionMessages.amountWhole]: key('amountWhole'),
  [operationsMessages.notYourHub]: key('notYourHub'),
  [operationsMessages.conflict]: key('conflict'),
};

const cannotGo = /^A parcel cannot go from (\w+) to (\w+)$/;
const notAllowed = /^.+ cannot move a parcel from (\w+) to (\w+)$/;
const notFound = /^No parcel with tracking ID (.+)$/;
const tooHigh = /^The amount collected cannot be more than the cash to collect \(৳(\d+(?:\.\d+)?)\)$/;
const onHold = /^Parcel \S+ is on pickup hold/;

const isStatus = (s: string | undefined): s is ParcelStatus =>
  (parcelStatuses as readonly string[]).includes(s ?? '');

/**
 * A refused row in the reader's language. Moves the status machine refuses name the statuses by
 * their labels in both languages (the server's words carry codes such as return_in_transit);
 * otherwise English shows the server's message and Bengali its translation, by message, then by
 * code, falling back to the message itself.
 */
export function rowErrorText(error: RowError, t: TFunction, language: Language): string {
  const status = (s: ParcelStatus) => t(`parcels.statuses.${s}`);
  const move = cannotGo.exec(error.message);
  if (move && isStatus(move[1]) && isStatus(move[2])) {
    return t(key('cannotGo'), { from: status(move[1]), to: status(move[2]) });
  }
  const role = notAllowed.exec(error.message);
  if (role && isStatus(role[1]) && isStatus(role[2])) {
    return t(key('notAllowed'), { from: status(role[1]), to: status(role[2]) });
  }
  if (language === 'en') return error.message;
  const known = exact[error.message];
  if (known) return t(known);
  const missing = notFound.exec(error.message);
  if (missing) return t(key('notFound'), { id: missing[1] });
  const over = tooHigh.exec(error.message);
  if (over) return t(key('amountTooHigh'), { cash: formatTaka(Number(over[1]), language) });
  if (onHold.test(error.message)) return t('errors.codes.PICKUP_ON_HOLD');
  return t(`errors.codes.${error.code}` as TranslationKey, { defaultValue: error.message });
}
