import { otpRules } from '@dak/domain/otp';
import {
  type ClipboardEvent,
  type KeyboardEvent,
  type Ref,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { localizeDigits, toLatinDigits } from '../../lib/format';
import { useLanguage } from '../../lib/i18n';
import './otp-input.css';

export type OtpInputHandle = {
  focus: () => void;
  clear: () => void;
};

type OtpInputProps = {
  /** Called with the digits typed so far, in order (complete when it has `otpRules.length`). */
  onChange: (code: string) => void;
  idPrefix: string;
  disabled?: boolean;
  invalid?: boolean;
  autoFocus?: boolean;
  /** id of the element that describes the boxes (the error message). */
  describedBy?: string;
  ref?: Ref<OtpInputHandle>;
};

const length = otpRules.length;
const empty = (): string[] => Array.from({ length }, () => '');

function digitsOf(value: string): string {
  return toLatinDigits(value).replace(/\D/g, '');
}

/**
 * One box per digit: typing moves on, Backspace on an empty box moves back, pasting or an SMS
 * autofill of the whole code fills every box.
 */
export function OtpInput({
  onChange,
  idPrefix,
  disabled,
  invalid,
  autoFocus,
  describedBy,
  ref,
}: OtpInputProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [cells, setCells] = useState<string[]>(empty);
  const inputs = useRef<Array<HTMLInputElement | null>>([]);

  // A box cannot take focus while disabled (during a check); remember where focus should go.
  const pendingFocus = useRef<number | null>(null);

  const focusAt = (index: number) => {
    const target = inputs.current[Math.max(0, Math.min(length - 1, index))];
    if (!target || target.disabled) {
      pendingFocus.current = index;
      return;
    }
    target.focus();
    target.select();
  };

  useEffect(() => {
    if (disabled || pendingFocus.current === null) return;
    const index = pendingFocus.current;
    pendingFocus.current = null;
    focusAt(index);
  });

  const update = (next: string[]) => {
    setCells(next);
    onChange(next.join(''));
  };

  useImperativeHandle(ref, () => ({
    focus: () => {
      const firstEmpty = cells.indexOf('');
      focusAt(firstEmpty === -1 ? length - 1 : firstEmpty);
    },
    clear: () => {
      update(empty());
      focusAt(0);
    },
  }));

  useEffect(() => {
    if (autoFocus) inputs.current[0]?.focus();
  }, [autoFocus]);

  /** Writes digits from `start` on; returns the index after the last one written. */
  const fill = (start: number, digits: string) => {
    const next = [...cells];
    let index = start;
    for (const digit of digits) {
      if (index >= length) break;
      next[index] = digit;
      index += 1;
    }
    update(next);
    focusAt(index);
  };

  const handleChange = (index: number, raw: string) => {
    const digits = digitsOf(raw);
    if (digits === '') {
      const next = [...cells];
      next[index] = '';
      update(next);
      return;
    }
    // A full code (autofill or a keyboard that inserts it all) always starts at the first box.
    if (digits.length >= length) {
      fill(0, digits.slice(0, length));
      return;
    }
    // The box already held a digit: the new one is whichever is not the old one.
    const typed = digits.length > 1 && digits.startsWith(cells[index] ?? '') ? digits.slice(1) : digits;
    fill(index, typed);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && cells[index] === '' && index > 0) {
      event.preventDefault();
      const next = [...cells];
      next[index - 1] = '';
      update(next);
      focusAt(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusAt(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusAt(index + 1);
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const digits = digitsOf(event.clipboardData.getData('text'));
    if (digits === '') return;
    event.preventDefault();
    fill(digits.length >= length ? 0 : index, digits.slice(0, length));
  };

  return (
    <fieldset className={`otp-input${invalid ? ' otp-input--invalid' : ''}`} aria-label={t('otp.codeGroup')}>
      {cells.map((cell, index) => (
        <input
          // The boxes never reorder; the index is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions
          key={index}
          ref={(element) => {
            inputs.current[index] = element;
          }}
          id={`${idPrefix}-digit-${index + 1}`}
          className="otp-input__box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={t('otp.digit', {
            index: localizeDigits(String(index + 1), language),
            total: localizeDigits(String(length), language),
          })}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          value={cell}
          disabled={disabled}
          onChange={(event) => handleChange(index, event.target.value)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={(event) => handlePaste(index, event)}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </fieldset>
  );
}
