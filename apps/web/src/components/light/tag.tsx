import type { HTMLAttributes } from 'react';
import './list.css';

/** antd's preset tag colours that the lists use; text darkened where antd's fails 4.5:1. */
export type TagColor =
  | 'default'
  | 'gold'
  | 'orange'
  | 'volcano'
  | 'red'
  | 'magenta'
  | 'purple'
  | 'geekblue'
  | 'blue'
  | 'green';

/** A small label in antd's Tag look (tinted background, border, coloured text), without antd. */
export function Tag({
  color = 'default',
  className,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { color?: TagColor; 'data-status'?: string }) {
  return <span className={`light-tag light-tag--${color}${className ? ` ${className}` : ''}`} {...rest} />;
}
