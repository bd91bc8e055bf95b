import type { ReactNode } from 'react';
import './plain-form.css';

/**
 * A form's error from the server, above its button; absent when there is none. Plain markup (no
 * antd): the sign-in page shows it too (issue 16).
 */
export function FormAlert({ message, action }: { message: string | null | undefined; action?: ReactNode }) {
  if (!message) return null;
  return (
    <div className="form-alert" role="alert">
      <svg
        className="form-alert__icon"
        viewBox="0 0 16 16"
        width="16"
        height="16"
        aria-hidden
        focusable="false"
      >
        <circle cx="8" cy="8" r="8" fill="currentColor" />
        <path d="M5.5 5.5l5 5m0-5l-5 5" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <div className="form-alert__message">{message}</div>
      {action ? <div className="form-alert__action">{action}</div> : null}
    </div>
  );
}
