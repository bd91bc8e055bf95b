import type { ReactNode } from 'react';
import '../ui/plain-form.css';
import './light.css';

type LightFieldProps = {
  id: string;
  label: ReactNode;
  /** Words under the control (a hint, a suggestion); stays while there is a message. */
  hint?: ReactNode;
  /** The field's message (from the shared rule or the server); none when the value is good. */
  error?: string | null;
  className?: string;
  children: ReactNode;
};

/** What a control inside a LightField points to with aria-describedby: its message, then its hint. */
export function describedBy(id: string, { error, hint }: { error?: string | null; hint?: ReactNode }) {
  const ids = [error ? `${id}_help` : '', hint ? `${id}_extra` : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

/**
 * A label above its control, the control's message under it (announced) and a hint below, as
 * antd's Form.Item lays them out; plain-form's Field with a hint. The control is given its
 * `aria-invalid` and `aria-describedby` by the caller (see `describedBy`).
 */
export function LightField({ id, label, hint, error, className, children }: LightFieldProps) {
  return (
    <div
      className={`plain-field light-field${error ? ' plain-field--invalid' : ''}${className ? ` ${className}` : ''}`}
    >
      <label className="plain-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <div id={`${id}_help`} className="plain-field__error light-field__error" role="alert">
          {error}
        </div>
      ) : null}
      {hint ? (
        <div id={`${id}_extra`} className="light-field__hint">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
