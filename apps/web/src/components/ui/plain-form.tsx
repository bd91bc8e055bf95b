import { type InputHTMLAttributes, type ReactNode, type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './plain-form.css';

/**
 * Form pieces in plain React and CSS for the pages that must not load antd (the sign-in page, the
 * first screen: issue 16). They look like the antd form of the rest of the panel (label above,
 * message under the field, large controls) and keep its accessible names.
 */

type FieldProps = {
  id: string;
  label: ReactNode;
  /** The field's message (from the shared rule or the server); none when the value is good. */
  error?: string | null;
  children: ReactNode;
};

/** A label above its control and the control's message under it. */
export function Field({ id, label, error, children }: FieldProps) {
  return (
    <div className={`plain-field${error ? ' plain-field--invalid' : ''}`}>
      <label className="plain-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <div id={`${id}_help`} className="plain-field__error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  id: string;
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
  'data-testid'?: string;
};

/** A large text input wired to its field's message (aria-invalid, aria-describedby). */
export function TextInput({ id, invalid, className, ...rest }: InputProps) {
  return (
    <input
      id={id}
      className={`plain-input${className ? ` ${className}` : ''}`}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? `${id}_help` : undefined}
      {...rest}
    />
  );
}

/** A password input with a button that shows or hides what was typed. */
export function PasswordInput(props: Omit<InputProps, 'type'>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <span className="plain-password">
      <TextInput {...props} type={shown ? 'text' : 'password'} className="plain-password__input" />
      <button
        type="button"
        className="plain-password__toggle"
        aria-label={shown ? t('login.hidePassword') : t('login.showPassword')}
        aria-pressed={shown}
        aria-controls={props.id}
        onClick={() => setShown((value) => !value)}
      >
        <EyeIcon crossed={!shown} />
      </button>
    </span>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden focusable="false">
      <path
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="12" r="3.2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      {crossed ? <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" /> : null}
    </svg>
  );
}

type ChoiceProps<V extends string> = {
  /** The radios' name (one group per form). */
  name: string;
  label: string;
  value: V;
  options: ReadonlyArray<{ value: V; label: string }>;
  onChange: (value: V) => void;
};

/**
 * A choice of two or three, as side-by-side buttons filling the width: native radios (arrow keys,
 * screen readers, a tap anywhere on the button), the chosen one filled in the brand colour.
 */
export function ChoiceField<V extends string>({ name, label, value, options, onChange }: ChoiceProps<V>) {
  return (
    <fieldset className="plain-field plain-choice">
      <legend className="plain-field__label">{label}</legend>
      <div className="plain-choice__options">
        {options.map((option) => (
          <label
            key={option.value}
            className={`plain-choice__option${option.value === value ? ' plain-choice__option--checked' : ''}`}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              className="plain-choice__radio"
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

type SubmitButtonProps = {
  children: ReactNode;
  /** The form's call is on its way: a spinner, and further presses do nothing. */
  loading?: boolean;
  className?: string;
};

/** The form's full-width primary button. */
export function SubmitButton({ children, loading, className }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={`plain-button plain-button--primary plain-button--block${loading ? ' plain-button--loading' : ''}${className ? ` ${className}` : ''}`}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      onClick={(event) => {
        if (loading) event.preventDefault();
      }}
    >
      {loading ? <span className="spinner" aria-hidden /> : null}
      <span>{children}</span>
    </button>
  );
}
