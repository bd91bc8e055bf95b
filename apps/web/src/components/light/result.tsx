import type { ReactNode } from 'react';
import { InfoIcon, WarningIcon } from './icons';
import './light.css';

/** A whole-page answer in antd's Result look: a big icon, a title, words, what to do next. */
export function Result({
  status,
  title,
  subTitle,
  extra,
}: {
  status: 'info' | 'warning';
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <div className={`light-result light-result--${status}`}>
      <div className="light-result__icon">{status === 'info' ? <InfoIcon /> : <WarningIcon />}</div>
      <div className="light-result__title">{title}</div>
      {subTitle ? <div className="light-result__subtitle">{subTitle}</div> : null}
      {extra ? <div className="light-result__extra">{extra}</div> : null}
    </div>
  );
}
