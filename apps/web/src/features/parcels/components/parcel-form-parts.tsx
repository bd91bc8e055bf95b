import type { ReactNode } from 'react';

/** A white card of the form, labelled by its level-2 heading (PageCard without antd's Typography). */
export function Section({
  titleId,
  title,
  children,
}: {
  titleId: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="page-card" aria-labelledby={titleId}>
      <h2 className="page-card__title booking__title" id={titleId}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** An input with a unit before or after it (৳, g), drawn as one box as antd's affix input was. */
export function Affixed({
  prefix,
  suffix,
  children,
}: {
  prefix?: string;
  suffix?: string;
  children: ReactNode;
}) {
  return (
    <span className="booking-affix">
      {prefix ? <span className="booking-affix__prefix">{prefix}</span> : null}
      {children}
      {suffix ? <span className="booking-affix__suffix">{suffix}</span> : null}
    </span>
  );
}
