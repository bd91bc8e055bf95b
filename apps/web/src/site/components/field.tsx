import type { ReactNode } from 'react';

/**
 * A labelled field of the site's forms: the label, its control, then the field's error (when
 * there is one) or its hint. The control takes `describedBy(id, …)` so screen readers read either.
 */
export function Field(props: {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: ReactNode;
  children: ReactNode;
}) {
  const { id, hint, error } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {props.children}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The control's aria attributes pointing at its `Field`'s error or hint. */
export function describedBy(id: string, error: unknown, hint?: string) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
}
