import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';

type LinkButtonProps = Omit<ButtonProps, 'href' | 'onClick'> & { to: string; replace?: boolean };

/**
 * A link that looks like a button: antd's Button renders an <a> when given an href, and the
 * router's click handler keeps it in the single-page app (ctrl-click still opens a tab).
 */
export function LinkButton({ to, replace, ...rest }: LinkButtonProps) {
  const href = useHref(to);
  const handleClick = useLinkClickHandler<HTMLAnchorElement>(to, { replace });
  return (
    <Button
      {...rest}
      href={href}
      onClick={(event: MouseEvent<HTMLElement>) => handleClick(event as MouseEvent<HTMLAnchorElement>)}
    />
  );
}
