import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** A room's title, what it is for, and its main action on the right (below the title on phones). */
export function OpsPageHeader({
  title,
  subtitle,
  extra,
  before,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  extra?: ReactNode;
  /** A back link above the title. */
  before?: ReactNode;
}) {
  return (
    <header className="ops-page-header">
      {before ? <div className="ops-page-header__before">{before}</div> : null}
      <div className="ops-page-header__row">
        <div className="ops-page-header__text">
          <Typography.Title level={1} className="ops-page-header__title">
            {title}
          </Typography.Title>
          {subtitle ? (
            <Typography.Paragraph type="secondary" className="ops-page-header__subtitle">
              {subtitle}
            </Typography.Paragraph>
          ) : null}
        </div>
        {extra ? <div className="ops-page-header__extra">{extra}</div> : null}
      </div>
    </header>
  );
}
