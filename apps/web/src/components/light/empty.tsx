import type { ReactNode } from 'react';
import { InboxIcon } from './icons';
import './list.css';

/** Nothing to show, in antd's simple Empty look: a grey tray, the words, what to do next. */
export function Empty({
  description,
  children,
  className,
}: {
  description: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={className ? `light-empty ${className}` : 'light-empty'}>
      <InboxIcon className="light-empty__icon" />
      <div className="light-empty__description">{description}</div>
      {children ? <div className="light-empty__footer">{children}</div> : null}
    </div>
  );
}
