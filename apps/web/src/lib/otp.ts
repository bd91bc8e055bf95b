import { useRef, useState } from 'react';
import type { ZodType } from 'zod';
import type { OtpInputHandle } from '../components/ui/otp-input';
import { isApiError, retryAfterSeconds } from './api-error';
import { useErrorText } from './error-text';

/** The server's answers that are about the code itself: shown under the boxes, not above the form. */
const codeErrorCodes = new Set(['OTP_REQUIRED', 'OTP_INVALID', 'OTP_EXPIRED', 'OTP_TOO_MANY_ATTEMPTS']);

/**
 * Asks for a new code. The countdown restarts from the server's resendAfterSeconds, or from its
 * retryAfterSeconds when it says it is too soon; null leaves the countdown as it is.
 */
export async function resendCode(
  send: () => Promise<{ resendAfterSeconds: number }>,
  onError: (error: unknown) => void,
): Promise<number | null> {
  try {
    return (await send()).resendAfterSeconds;
  } catch (error) {
    onError(error);
    return retryAfterSeconds(error);
  }
}

/**
 * When asking for a code failed only because one was sent a moment ago, the seconds to wait: that
 * code is still good, so the flow goes on to the code step with the wait shown. Otherwise null.
 */
export function resendWait(error: unknown): number | null {
  return isApiError(error) && error.code === 'OTP_RESEND_TOO_SOON' ? retryAfterSeconds(error) : null;
}

/**
 * The state of one code step, shared by every flow that asks for an SMS code (login, sign-up,
 * staff sign-in, phone change, adding a member, payment method): the typed code, the message under
 * the boxes, and the boxes' handle. `bind` goes straight onto `<PhoneVerification>`.
 */
export function useOtpCode() {
  const { errorText, translateMessage } = useErrorText();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const otpRef = useRef<OtpInputHandle>(null);

  return {
    code,
    /** Empty boxes and no message: call when a new code step opens. */
    reset() {
      setCode('');
      setError(null);
    },
    /** The input checked by `schema`; when it fails, its first message goes under the boxes. */
    parse<T>(schema: ZodType<T>, input: unknown): T | null {
      const parsed = schema.safeParse(input);
      if (parsed.success) {
        setError(null);
        return parsed.data;
      }
      setError(translateMessage(parsed.error.issues[0]?.message ?? ''));
      otpRef.current?.focus();
      return null;
    },
    /** Shows a message under the boxes (a code refused at a later step of the flow). */
    fail(message: string) {
      setError(message);
    },
    /** True when the server refused the code itself: the message is shown and the boxes cleared. */
    refused(cause: unknown): boolean {
      if (!isApiError(cause) || !codeErrorCodes.has(cause.code)) return false;
      setError(errorText(cause));
      otpRef.current?.clear();
      return true;
    },
    /** The resend handler for `<PhoneVerification onResend>`; failures show under the boxes. */
    resend(send: () => Promise<{ resendAfterSeconds: number }>) {
      return () => resendCode(send, (cause) => setError(errorText(cause)));
    },
    bind: {
      onCodeChange(value: string) {
        setCode(value);
        setError(null);
      },
      error,
      otpRef,
    },
  };
}
