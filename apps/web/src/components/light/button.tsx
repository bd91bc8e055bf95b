import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';
import './light.css';

type Look = { variant?: 'primary' | 'default' | 'text'; size?: 'small' | 'middle' };

const classes = ({ variant = 'default', size = 'middle' }: Look, extra?: string) =>
  ['light-btn', `light-btn--${variant}`, size === 'small' ? 'light-btn--small' : '', extra ?? '']
    .filter(Boolean)
    .join(' ');

type ButtonProps = Look &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
    icon?: ReactNode;
    /** Busy: a spinner before the words, and the button does not take another press. */
    loading?: boolean;
  };

/** A button in the antd look (brand colours from app/theme.ts), without antd. */
export function Button({
  variant,
  size,
  icon,
  loading,
  className,
  children,
  disabled,
  ...rest
}: ButtonProps) {
  return (
    <button
      type="button"
      className={classes({ variant, size }, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <span className="light-btn__spinner" aria-hidden /> : icon}
      {children !== undefined && children !== null ? <span>{children}</span> : null}
    </button>
  );
}

type LinkButtonProps = Look & {
  to: string;
  replace?: boolean;
  className?: string;
  /** Before the words, as Button's. */
  icon?: ReactNode;
  children: ReactNode;
};

/** A link that looks like a button; the router's click handler keeps it in the single-page app. */
export function LinkButton({ to, replace, variant, size, className, icon, children }: LinkButtonProps) {
  const href = useHref(to);
  const handleClick = useLinkClickHandler<HTMLAnchorElement>(to, { replace });
  return (
    <a
      href={href}
      className={classes({ variant, size }, className)}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => handleClick(event)}
    >
      {icon}
      <span>{children}</span>
    </a>
  );
}
