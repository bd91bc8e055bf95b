import { Alert, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { PageCard } from '../../../components/ui/page-card';
import { useNid } from '../../../features/nid/api/get-nid';
import { useSkipNid } from '../../../features/nid/api/skip-nid';
import { NidStatusCard, NidSubmitForm } from '../../../features/nid/components/nid-verification';
import { useErrorText } from '../../../lib/error-text';
import { RequireShop } from '../../require-shop';
import type { SelectedShop } from '../../shop-context';

function NidVerification({ shop }: { shop: SelectedShop }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { errorText } = useErrorText();
  const nid = useNid(shop.id);
  const skip = useSkipNid();

  const onSkip = async () => {
    try {
      await skip.mutateAsync({ shopId: shop.id });
      toast.info(t('nid.skipped'));
      await navigate('/dashboard');
    } catch (cause) {
      toast.error(errorText(cause));
    }
  };

  if (nid.isPending) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (nid.isError) return <Alert type="error" showIcon title={errorText(nid.error)} />;

  return (
    <>
      <section className="page-card">
        <NidStatusCard nid={nid.data} />
      </section>
      {nid.data.canSubmit && shop.can('nid.submit') ? (
        <PageCard
          titleId="nid-form-title"
          title={nid.data.status === 'failed' ? t('nid.formTitleAgain') : t('nid.formTitle')}
        >
          <Typography.Paragraph type="secondary">{t('nid.formIntro')}</Typography.Paragraph>
          <NidSubmitForm shopId={shop.id} onSkip={onSkip} skipping={skip.isPending} />
        </PageCard>
      ) : null}
    </>
  );
}

/** NID verification: the owner's national ID, sent for review; pending, verified or failed. */
export function NidPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <Typography.Title level={1} className="page__title">
        {t('nid.title')}
      </Typography.Title>
      <RequireShop permission="nid.view">{(shop) => <NidVerification shop={shop} />}</RequireShop>
    </div>
  );
}
