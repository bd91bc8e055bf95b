import { Typography } from 'antd';
import type { ReactNode, Ref } from 'react';

type PageCardProps = {
  /** The heading's id; the card is labelled by it. */
  titleId: string;
  title: ReactNode;
  /** The card's own id, where a link jumps to it. */
  id?: string;
  /** More classes beside `page-card`. */
  className?: string;
  ref?: Ref<HTMLElement>;
  children?: ReactNode;
};

/** A white card on a page, labelled by its level-2 heading. */
export function PageCard({ titleId, title, id, className, ref, children }: PageCardProps) {
  return (
    <section
      className={className ? `page-card ${className}` : 'page-card'}
      id={id}
      aria-labelledby={titleId}
      ref={ref}
    >
      <Typography.Title level={2} className="page-card__title" id={titleId}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}
