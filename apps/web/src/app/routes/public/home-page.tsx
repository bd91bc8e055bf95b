import { DollarOutlined, EnvironmentOutlined, WalletOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HeroIllustration } from '../../../components/ui/hero-illustration';
import { LinkButton } from '../../../components/ui/link-button';
import { useAuth } from '../../../lib/auth-storage';

export function HomePage() {
  const { t } = useTranslation();
  const auth = useAuth();
  return (
    <div className="home">
      <section className="home__hero" aria-labelledby="home-title">
        <div className="home__hero-text">
          <Typography.Title id="home-title" level={1} className="home__title">
            {t('home.title')}
          </Typography.Title>
          <Typography.Paragraph className="home__subtitle">{t('home.subtitle')}</Typography.Paragraph>
          <div className="home__ctas">
            {auth?.kind === 'user' ? (
              <LinkButton to="/dashboard" type="primary" size="large">
                {t('home.goToDashboard')}
              </LinkButton>
            ) : (
              <>
                <LinkButton to="/register" type="primary" size="large">
                  {t('home.signup')}
                </LinkButton>
                <LinkButton to="/login" size="large">
                  {t('home.login')}
                </LinkButton>
              </>
            )}
          </div>
        </div>
        <HeroIllustration />
      </section>
      <section className="home__points" aria-labelledby="home-points-title">
        <Typography.Title id="home-points-title" level={2} className="home__points-title">
          {t('home.pointsTitle')}
        </Typography.Title>
        <ul className="home__point-list">
          <Point
            icon={<EnvironmentOutlined />}
            title={t('home.points.coverageTitle')}
            body={t('home.points.coverageBody')}
          />
          <Point
            icon={<DollarOutlined />}
            title={t('home.points.codTitle')}
            body={t('home.points.codBody')}
          />
          <Point
            icon={<WalletOutlined />}
            title={t('home.points.paymentTitle')}
            body={t('home.points.paymentBody')}
          />
        </ul>
      </section>
    </div>
  );
}

function Point({ icon, title, body }: { icon: ReactNode; title: string; body: string }) {
  return (
    <li className="home__point">
      <span className="home__point-icon" aria-hidden>
        {icon}
      </span>
      <div>
        <Typography.Title level={3} className="home__point-title">
          {title}
        </Typography.Title>
        <Typography.Paragraph className="home__point-body">{body}</Typography.Paragraph>
      </div>
    </li>
  );
}
