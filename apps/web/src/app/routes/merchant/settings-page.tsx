import { formatPhoneLocal } from '@dak/domain/phone';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LinkButton } from '../../../components/ui/link-button';
import { PageCard } from '../../../components/ui/page-card';
import { PaymentMethodPanel } from '../../../features/payment-methods/components/payment-method-panel';
import { ChangePasswordForm } from '../../../features/settings/components/change-password-form';
import {
  LanguageSetting,
  NotificationSettings,
} from '../../../features/settings/components/preferences-form';
import { useShop } from '../../../features/shops/api/get-shop';
import { TermsHistory } from '../../../features/terms/components/terms-history';
import { type SelectedShop, useShopState } from '../../shop-context';
import { useScrollToHash } from '../../use-scroll-to-hash';

function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <PageCard id={id} titleId={`${id}-title`} title={title}>
      {intro ? <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph> : null}
      {children}
    </PageCard>
  );
}

/** The return number lives with the shop settings, where it is changed with a code. */
function ReturnNumber({ shop }: { shop: SelectedShop }) {
  const { t } = useTranslation();
  const detail = useShop(shop.id);
  const phone = detail.data?.returnPhone;
  return (
    <div className="phone-change phone-change--view">
      <div>
        <Typography.Text type="secondary">{t('shopForm.returnPhone')}</Typography.Text>
        <div className="phone-change__value">
          {phone ? (
            <strong dir="ltr" className="phone-number">
              {formatPhoneLocal(phone)}
            </strong>
          ) : (
            <Typography.Text type="secondary">{t('shopSettings.notSet')}</Typography.Text>
          )}
        </div>
      </div>
      {shop.can('shop.edit') ? (
        <LinkButton to={`/shops/${shop.id}/settings#return-phone`}>
          {phone ? t('shopSettings.change') : t('shopSettings.add')}
        </LinkButton>
      ) : null}
    </div>
  );
}

/** Settings: language, notifications, password, payment method, return number, NID and terms. */
export function SettingsPage() {
  const { t } = useTranslation();
  const { shop } = useShopState();
  useScrollToHash(shop !== null);
  return (
    <div className="page">
      <Typography.Title level={1} className="page__title">
        {t('settings.title')}
      </Typography.Title>
      <Section id="settings-language" title={t('settings.language')} intro={t('settings.languageIntro')}>
        <LanguageSetting />
      </Section>
      <Section
        id="notifications"
        title={t('settings.notifications')}
        intro={t('settings.notificationsIntro')}
      >
        <NotificationSettings />
      </Section>
      <Section id="password" title={t('settings.password')}>
        <ChangePasswordForm />
      </Section>
      {shop?.can('payment.view') ? (
        <Section
          id="payment-method"
          title={t('payment.title')}
          intro={t('payment.intro', { shop: shop.name })}
        >
          <PaymentMethodPanel key={shop.id} shopId={shop.id} canManage={shop.can('payment.manage')} />
        </Section>
      ) : null}
      {shop ? (
        <Section
          id="return-number"
          title={t('shopSettings.returnPhoneTitle')}
          intro={t('settings.returnIntro', { shop: shop.name })}
        >
          <ReturnNumber shop={shop} />
        </Section>
      ) : null}
      {shop?.can('nid.view') ? (
        <Section id="nid" title={t('nid.title')}>
          <Link to="/nid">{t('settings.nidLink')}</Link>
        </Section>
      ) : null}
      {shop ? (
        <Section id="terms" title={t('settings.terms')} intro={t('settings.termsIntro', { shop: shop.name })}>
          <TermsHistory shopId={shop.id} />
        </Section>
      ) : null}
    </div>
  );
}
