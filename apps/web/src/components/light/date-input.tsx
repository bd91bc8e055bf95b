import { useId } from 'react';
import { formatDate } from '../../lib/format';
import { useLanguage } from '../../lib/i18n';
import './light.css';
import './list.css';

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The browser's own date input (the phone's own picker) under its label, its date written as the
 * rest of the page writes dates (27 November 2026 / ২৭ নভেম্বর ২০২৬) while it is not being edited:
 * the browser writes it in the phone's order and digits (mm/dd/yyyy), whatever the page's
 * language. Focused, the browser's own fields show, to type in. `onChange` gets a whole date or
 * '' (cleared), never one typed halfway.
 */
export function DateInput({
  label,
  value,
  onChange,
  placeholder,
  min,
  max,
}: {
  label: string;
  /** yyyy-mm-dd or ''. */
  value: string;
  onChange: (value: string) => void;
  /** Shown when no date is chosen. */
  placeholder: string;
  min?: string;
  max?: string;
}) {
  const language = useLanguage();
  const id = useId();
  const shown = value ? formatDate(value, language) : '';
  return (
    <div className="light-date">
      <label className="light-date__label" htmlFor={id}>
        {label}
      </label>
      <span className="light-date__box">
        <input
          id={id}
          type="date"
          className="light-control light-date__input"
          value={value}
          min={min}
          max={max}
          onChange={(event) => {
            const next = event.target.value;
            if (next === '' || isDate(next)) onChange(next);
          }}
        />
        <span className={shown ? 'light-date__face' : 'light-date__face light-date__face--empty'} aria-hidden>
          {shown || placeholder}
        </span>
      </span>
    </div>
  );
}
