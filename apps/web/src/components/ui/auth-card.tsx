import type { ReactNode } from 'react';
import './auth-card.css';

type AuthCardProps = {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
};

/** The narrow centred card of the sign-in, sign-up and reset screens (plain: no antd, issue 16). */
export function AuthCard({ title, subtitle, children, footer, wide }: AuthCardProps) {
  return (
    <div className={`auth-card${wide ? ' auth-card--wide' : ''}`}>
      <section className="auth-card__card">
        <h1 className="auth-card__title">{title}</h1>
        {subtitle ? <p className="auth-card__subtitle">{subtitle}</p> : null}
        {children}
      </section>
      {footer ? <div className="auth-card__footer">{footer}</div> : null}
    </div>
  );
}
