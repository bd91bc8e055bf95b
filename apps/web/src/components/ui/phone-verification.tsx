import { otpRules } from '@dak/domain/otp';
import { formatPhoneLocal, normalizePhone } from '@dak/domain/phone';
import { type Ref, useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { formatCountdown } from '../../lib/format';
import { useLanguage } from '../../lib/i18n';
import { OtpInput, type OtpInputHandle } from './otp-input';
import './phone-verification.css';
import './plain-form.css';

/** Seconds left until a deadline that can be moved (after a resend), ticking down on screen. */
function useCountdown(initialSeconds: number) {
  const [deadline, setDeadline] = useState(() => Date.now() + initialSeconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const remaining = Math.max(0, Math.ceil((deadline - now) / 1000));
  const running = remaining > 0;

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [running]);

  const restart = (seconds: number) => {
    const start = Date.now();
    setNow(start);
    setDeadline(start + seconds * 1000);
  };
  return { remaining, restart };
}

type PhoneVerificationProps = {
  /** The number the code went to, as typed or in the stored 880… form. */
  phone: string;
  /** Back to the number; absent when the number is not the person's to change (the owner's phone). */
  onEditNumber?: () => void;
  onCodeChange: (code: string) => void;
  /** Sends a new code; resolves to the seconds until the next resend, or null when it failed. */
  onResend: () => Promise<number | null>;
  resendAfterSeconds?: number;
  error?: string | null;
  disabled?: boolean;
  idPrefix: string;
  otpRef?: Ref<OtpInputHandle>;
};

/**
 * The spec's phone verification: a 4-digit code, edit number, and resend behind a timer. Plain
 * markup (no antd): the sign-in page's code step uses it (issue 16).
 */
export function PhoneVerification({
  phone,
  onEditNumber,
  onCodeChange,
  onResend,
  resendAfterSeconds = otpRules.resendAfterSeconds,
  error,
  disabled,
  idPrefix,
  otpRef,
}: PhoneVerificationProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { remaining, restart } = useCountdown(resendAfterSeconds);
  const [resending, setResending] = useState(false);
  const normalized = normalizePhone(phone);
  const shownPhone = normalized ? formatPhoneLocal(normalized) : phone;
  const errorId = `${idPrefix}-otp-error`;

  const resend = async () => {
    setResending(true);
    try {
      const seconds = await onResend();
      if (seconds !== null) restart(seconds);
    } finally {
      setResending(false);
    }
  };

  return (
    <div className="phone-verification">
      <p className="phone-verification__sent">
        <Trans
          i18nKey="otp.sentTo"
          values={{ phone: shownPhone }}
          components={{ phone: <strong dir="ltr" className="phone-number" /> }}
        />
        {onEditNumber ? (
          <>
            {' '}
            <button
              type="button"
              className="link-button phone-verification__edit"
              onClick={onEditNumber}
              disabled={disabled}
            >
              {t('otp.editNumber')}
            </button>
          </>
        ) : null}
      </p>
      <OtpInput
        idPrefix={idPrefix}
        onChange={onCodeChange}
        disabled={disabled}
        invalid={Boolean(error)}
        describedBy={error ? errorId : undefined}
        autoFocus
        ref={otpRef}
      />
      <div id={errorId} className="phone-verification__error" role="alert">
        {error}
      </div>
      <div className="phone-verification__resend">
        <button
          type="button"
          className="link-button"
          onClick={resend}
          disabled={remaining > 0 || resending || disabled}
          aria-busy={resending || undefined}
        >
          {resending ? <span className="spinner" aria-hidden /> : null}
          {remaining > 0
            ? t('otp.resendIn', { time: formatCountdown(remaining, language) })
            : t('otp.resend')}
        </button>
      </div>
    </div>
  );
}
