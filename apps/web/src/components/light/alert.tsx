import type { HTMLAttributes, ReactNode } from 'react';
import { CloseIcon, ErrorIcon, InfoIcon, WarningIcon } from './icons';
import './light.css';

type Tone = 'info' | 'warning' | 'error' | 'success';

const toneIcons: Record<Tone, ReactNode> = {
  info: <InfoIcon />,
  warning: <WarningIcon />,
  error: <ErrorIcon />,
  success: <InfoIcon />,
};

type AlertProps = Omit<HTMLAttributes<HTMLDivElement>, 'title'> & {
  type: Tone;
  title: ReactNode;
  description?: ReactNode;
  /** In place of the tone's own icon. */
  icon?: ReactNode;
  /** At the end of the box (a button). */
  action?: ReactNode;
  /** A close button with this name; it calls onClose. */
  closeLabel?: string;
  onClose?: () => void;
  'data-testid'?: string;
};

/**
 * A message box in antd's Alert look: tone colour, icon, title, words below, an action at the
 * end. Errors are announced (role alert), the rest are plain regions of the page.
 */
export function Alert({
  type,
  title,
  description,
  icon,
  action,
  closeLabel,
  onClose,
  className,
  role,
  ...rest
}: AlertProps) {
  return (
    <div
      role={role ?? (type === 'error' ? 'alert' : undefined)}
      className={`light-alert light-alert--${type}${description ? ' light-alert--with-description' : ''}${className ? ` ${className}` : ''}`}
      {...rest}
    >
      <span className="light-alert__icon">{icon ?? toneIcons[type]}</span>
      <div className="light-alert__content">
        <div className="light-alert__title">{title}</div>
        {description ? <div className="light-alert__description">{description}</div> : null}
      </div>
      {action ? <div className="light-alert__action">{action}</div> : null}
      {closeLabel ? (
        <button type="button" className="light-alert__close" aria-label={closeLabel} onClick={onClose}>
          <CloseIcon />
        </button>
      ) : null}
    </div>
  );
}
