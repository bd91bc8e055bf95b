import type { ProfileStep } from '@dak/domain/settings';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/light/alert';
import { Button } from '../../../components/light/button';
import { Result } from '../../../components/light/result';
import { Skeleton } from '../../../components/light/skeleton';
import { useMe } from '../../../features/auth/api/get-me';
import { WhatsNewCard } from '../../../features/banners/components/whats-new-card';
import { DashboardOverview } from '../../../features/dashboard/components/dashboard-overview';
import { QuickLinks } from '../../../features/dashboard/components/quick-links';
import { BouncedPaymentBanner } from '../../../features/payments/components/bounced-payment-banner';
import { DueAmountNotice } from '../../../features/payments/components/due-amount-notice';
import { PaymentsSummaryCards } from '../../../features/payments/components/payments-summary-cards';
import { usePickupLocations } from '../../../features/pickup-locations/api/list-pickup-locations';
import {
  ProfileCompletionCard,
  type StepLink,
} from '../../../features/profile/components/profile-completion-card';
import { OnboardingTour, type TourTarget } from '../../../features/settings/components/onboarding-tour';
import { useShopTerms } from '../../../features/terms/api/get-shop-terms';
import { greetingNameOf } from '../../../lib/greeting-name';
import { type SelectedShop, useShopState } from '../../shop-context';

/** The first of these that is on screen (the menu is a button on phones, a bar on computers). */
function visible(...ids: string[]): () => HTMLElement | null {
  return () => {
    for (const id of ids) {
      const element = document.getElementById(id);
      if (element && element.offsetParent !== null) return element;
    }
    return null;
  };
}

function stepLinks(
  shop: SelectedShop,
  t: (key: 'profile.ownerOnly') => string,
): Record<ProfileStep, StepLink> {
  return {
    pickup_location: { to: `/shops/${shop.id}/pickup-locations` },
    payment_method: shop.can('payment.manage')
      ? { to: '/settings#payment-method' }
      : { note: t('profile.ownerOnly') },
    nid: shop.can('nid.submit') ? { to: '/nid' } : { note: t('profile.ownerOnly') },
    terms: { to: '/settings#terms' },
  };
}

/** The shop's parcels by stage for a range, filtered by any of its pickup locations. */
function ShopOverview({ shop }: { shop: SelectedShop }) {
  if (!shop.can('pickup.view')) return <DashboardOverview shopId={shop.id} pickupLocations={[]} />;
  return <WithPickupLocations shop={shop} />;
}

function WithPickupLocations({ shop }: { shop: SelectedShop }) {
  const locations = usePickupLocations(shop.id, {});
  const options = (locations.data?.items ?? []).map(({ id, name }) => ({ id, name }));
  return <DashboardOverview shopId={shop.id} pickupLocations={options} />;
}

/** The next places a merchant goes, those the member's role allows. */
function shopQuickLinks(shop: SelectedShop) {
  return [
    ...(shop.can('parcel.create')
      ? [
          { key: 'book' as const, to: '/parcels/new' },
          { key: 'bulk' as const, to: '/parcels/bulk' },
        ]
      : []),
    { key: 'parcels' as const, to: '/parcels' },
    { key: 'track' as const, to: '/track-parcel' },
    { key: 'returns' as const, to: '/returned-parcels' },
    ...(shop.can('payment.view') ? [{ key: 'payments' as const, to: '/payments' }] : []),
    ...(shop.can('pickup.view')
      ? [{ key: 'pickup' as const, to: `/shops/${shop.id}/pickup-locations` }]
      : []),
  ];
}

/** The tour waits while the terms modal asks for acceptance: one thing at a time. */
function Tour({ shop, steps }: { shop: SelectedShop; steps: TourTarget[] }) {
  const terms = useShopTerms(shop.id);
  return <OnboardingTour steps={steps} enabled={terms.data?.accepted === true} />;
}

export function DashboardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  const { shop, status } = useShopState();

  if (me.isPending) return <Skeleton rows={4} />;
  if (me.isError) {
    return (
      <Result
        status="warning"
        title={t('dashboard.loadFailed')}
        extra={
          <Button variant="primary" onClick={() => void me.refetch()}>
            {t('actions.retry')}
          </Button>
        }
      />
    );
  }

  const { user, shops } = me.data;
  const name = greetingNameOf(user);
  const needsShop = shops.length === 0 && user.accountType === 'merchant';

  const tour: TourTarget[] = shop
    ? [
        {
          key: 'shop',
          target: visible('shop-switcher'),
          title: t('tour.shopTitle'),
          body: t('tour.shopBody'),
        },
        {
          key: 'steps',
          target: visible('profile-steps'),
          title: t('tour.stepsTitle'),
          body: t('tour.stepsBody'),
        },
        {
          key: 'menu',
          target: visible('main-nav', 'main-menu-button'),
          title: t('tour.menuTitle'),
          body: t('tour.menuBody'),
        },
      ]
    : [];

  return (
    <div className="dashboard">
      <h1 className="dashboard__title">
        {name ? t('dashboard.welcome', { name }) : t('dashboard.welcomeNoName')}
      </h1>
      {user.accountType === 'partner' ? <Alert type="info" title={t('dashboard.partnerNote')} /> : null}
      {needsShop ? (
        <section className="dashboard__card" aria-labelledby="dashboard-no-shop">
          <h2 id="dashboard-no-shop" className="dashboard__card-title">
            {t('dashboard.noShopTitle')}
          </h2>
          <p>{t('dashboard.noShopBody')}</p>
          <Button
            variant="primary"
            onClick={() => void navigate('/register', { state: { phone: user.phone } })}
          >
            {t('dashboard.noShopAction')}
          </Button>
        </section>
      ) : null}
      {shop ? (
        // One key for the shop's whole block: keyed siblings sharing shop.id confused React's
        // reconciliation and left a second What's new card in the page after a reload.
        <Fragment key={shop.id}>
          {shop.can('payment.view') ? (
            <div>
              <BouncedPaymentBanner shopId={shop.id} />
              <DueAmountNotice shopId={shop.id} />
            </div>
          ) : null}
          <ProfileCompletionCard id="profile-steps" shopId={shop.id} links={stepLinks(shop, t)} />
          {shop.can('parcel.view') ? <ShopOverview shop={shop} /> : null}
          {shop.can('payment.view') ? (
            <section className="dashboard__card" aria-labelledby="dashboard-payments">
              <h2 id="dashboard-payments" className="dashboard__card-title">
                {t('dashboard.paymentsTitle')}
              </h2>
              <PaymentsSummaryCards shopId={shop.id} />
            </section>
          ) : null}
          <WhatsNewCard shopId={shop.id} />
          <QuickLinks links={shopQuickLinks(shop)} />
          <Tour shop={shop} steps={tour} />
        </Fragment>
      ) : status === 'loading' && shops.length > 0 ? (
        <Skeleton rows={3} />
      ) : null}
    </div>
  );
}
