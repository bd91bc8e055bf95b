import { keyed, type MessageParams } from './messages';
/**
 * The one error vocabulary. Each code maps to one HTTP status on the server; the web shows the
 * server's message (the spec's English text) or translates the code.
 */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  INVALID_PHONE: 400,
  OTP_REQUIRED: 400,
  OTP_INVALID: 400,
  OTP_EXPIRED: 400,
  OTP_TOO_MANY_ATTEMPTS: 400,
  PASSWORD_TOO_SHORT: 400,
  PASSWORDS_DO_NOT_MATCH: 400,
  TERMS_NOT_ACCEPTED: 400,
  TEMPORARY_TOKEN_PAYLOAD_MISSING: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  ACCOUNT_TYPE_MISMATCH: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  PHONE_ALREADY_REGISTERED: 409,
  // Payments, NID, terms and flags (issue 3).
  CONFLICT: 409,
  FILE_REQUIRED: 400,
  FILE_CORRUPT: 400,
  FILE_TOO_LARGE: 413,
  FILE_TYPE_NOT_ALLOWED: 415,
  // Shops, pickup locations and teams (issue 3). Not 403: the spec's client signs out on a 403.
  ALREADY_A_MEMBER: 409,
  OWNER_ROLE_FIXED: 409,
  // Pricing (issue 4): a weight outside 1 g to the limit, an area we do not serve.
  WEIGHT_TOO_LOW: 400,
  WEIGHT_TOO_HIGH: 400,
  AREA_NOT_COVERED: 400,
  // Parcels (issue 4): booking without a place to pick up from, a status change the table
  // refuses, an Idempotency-Key sent again with a different body.
  NO_ACTIVE_PICKUP_LOCATION: 400,
  INVALID_TRANSITION: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  // Pickup (issue 5, part 3): a parcel on prepayment hold cannot be picked up or scanned in.
  PICKUP_ON_HOLD: 409,
  // Parcel edits and notes (issue 4, parts 3 and 8): a field already edited once, a parcel past
  // the point of edits (delivered, returning, closed), a note only its author or the owner removes.
  PARCEL_FIELD_ALREADY_EDITED: 409,
  PARCEL_NOT_EDITABLE: 409,
  NOTE_NOT_REMOVABLE: 409,
  // Issue 11: another edit of the same parcel holds it past the lock timeout.
  PARCEL_BEING_EDITED: 409,
  // Parcel list exports (issue 4, part 7): a download asked for before the file is built.
  EXPORT_NOT_READY: 409,
  // Money (issue 13): a file checked row by row with a wrong row; nothing of it was applied.
  ROWS_INVALID: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  OTP_RESEND_TOO_SOON: 429,
  RATE_LIMITED: 429,
  // Issue 11: too many wrong codes for one phone in a day; codes are refused for a while.
  OTP_LOCKED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/**
 * The body of every failed response (DESIGN.md section 6): the English `message` for API
 * clients, and the message's `key` and `params` (messages.ts) for a client that translates.
 */
export type ErrorBody = {
  error: { code: ErrorCode; message: string; key?: string; params: MessageParams; details?: unknown };
};

/** Messages the spec gives verbatim (section 8); other codes carry a plain English sentence. */
export const messages = keyed('errors', {
  invalidPhone: 'Invalid phone number',
  phoneRequired: 'Phone number can not be empty',
  otpRequired: 'OTP is required',
  otpInvalid: 'OTP is invalid',
  otpExpired: 'OTP has expired, please request a new one',
  otpTooManyAttempts: 'Too many wrong attempts, please request a new OTP',
  otpResendTooSoon: 'Please wait before requesting another OTP',
  verificationCodeEmpty: 'verification code can not be empty',
  userInfoRequired: 'User info is required to get registered',
  invalidEmail: 'Invalid email',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordsDoNotMatch: 'Password and confirmation do not match',
  termsNotAccepted: 'Please accept the terms and conditions',
  temporaryTokenPayloadMissing: 'Temporary access token generation failed: missing payload',
  invalidCredentials: 'Phone number or password is incorrect',
  unauthenticated: 'Please sign in again',
  forbidden: 'You do not have permission to do this',
  phoneAlreadyRegistered: 'This phone number is already registered. Please log in.',
  rateLimited: 'Too many requests, please try again later',
  otpLocked: 'Too many wrong OTPs for this phone number. Try again later, or log in with your password',
  passwordDelayed: 'Too many wrong passwords for this phone number. Please wait before trying again',
  somethingWentWrong: 'Something went wrong',
  // The database guards (issue 11): no free connection or a statement past its timeout (503), a
  // connection lost mid-request (503), a record locked by another change past the lock timeout (409).
  serviceBusy: 'The service is busy right now, please try again in a moment',
  serviceInterrupted: 'The request was interrupted, please try again',
  beingChanged: 'Someone else is changing this right now, please try again in a moment',
  // Payments, NID, terms and flags (issue 3).
  fileRequired: 'Please select a file',
  nidSent: 'NID has been sent for verification',
  // Said by several server modules in these words (issue 12 gives them keys here).
  shopNotFound: 'Shop not found',
  nidWaiting: 'Your NID is already waiting for verification',
} as const);
