import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import './auth-card.css';

type AuthCardProps = {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
};

/** The narrow centred card of the sign-in, sign-up and reset screens. */
export function AuthCard({ title, subtitle, children, footer, wide }: AuthCardProps) {
  return (
    <div className={`auth-card${wide ? ' auth-card--wide' : ''}`}>
      <Card variant="outlined">
        <Typography.Title level={1} className="auth-card__title">
          {title}
        </Typography.Title>
        {subtitle ? <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph> : null}
        {children}
      </Card>
      {footer ? <div className="auth-card__footer">{footer}</div> : null}
    </div>
  );
}
