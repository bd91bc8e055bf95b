import { SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Skeleton, Typography } from 'antd';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useTrackParcel } from '../../../features/parcels/api/track-parcel';
import { ParcelTracking } from '../../../features/parcels/components/parcel-tracking';
import { isApiError } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/error-text';
import { RequireShop } from '../../require-shop';
import type { SelectedShop } from '../../shop-context';

/**
 * The merchant's Track parcel screen (spec 2): a tracking ID (any shop's) or an invoice ID (their
 * own) typed or pasted; the answer is kept in the address (?id=), so a link or a reload shows it.
 */
function TrackParcel({ shop }: { shop: SelectedShop }) {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const [params, setParams] = useSearchParams();
  const id = params.get('id')?.trim() || undefined;
  const [text, setText] = useState(id ?? '');
  const [empty, setEmpty] = useState(false);
  const tracking = useTrackParcel(shop.id, id);

  // A link to another ID (or Back) shows that ID in the box too.
  useEffect(() => setText(id ?? ''), [id]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value) {
      setEmpty(true);
      return;
    }
    if (value === id) void tracking.refetch();
    else setParams({ id: value });
  };

  const notFound = tracking.isError && isApiError(tracking.error) && tracking.error.status === 404;
  return (
    <>
      <div className="page__head">
        <Typography.Title level={1} className="page__title">
          {t('parcels.track.title')}
        </Typography.Title>
      </div>
      <Typography.Paragraph type="secondary">{t('parcels.track.intro')}</Typography.Paragraph>
      <form className="page-card track-form" onSubmit={submit} noValidate>
        <div className="track-form__field">
          <label htmlFor="track-parcel-id">{t('parcels.track.label')}</label>
          <Input
            id="track-parcel-id"
            size="large"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setEmpty(false);
            }}
            placeholder={t('parcels.track.placeholder')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            allowClear
            status={empty ? 'error' : undefined}
            aria-invalid={empty || undefined}
            aria-describedby={empty ? 'track-parcel-id-error' : undefined}
          />
        </div>
        <Button
          type="primary"
          size="large"
          htmlType="submit"
          icon={<SearchOutlined aria-hidden />}
          loading={tracking.isFetching}
        >
          {t('parcels.track.submit')}
        </Button>
        {empty ? (
          <div className="track-form__error" id="track-parcel-id-error" role="alert">
            {t('parcels.track.empty')}
          </div>
        ) : null}
      </form>
      {tracking.isPending && tracking.isFetching ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
      {tracking.isError ? (
        <Alert
          type={notFound ? 'warning' : 'error'}
          showIcon
          role="alert"
          title={notFound ? t('parcels.track.notFound', { q: id }) : errorText(tracking.error)}
        />
      ) : null}
      {tracking.data && !tracking.isError ? (
        <ParcelTracking shopId={shop.id} tracking={tracking.data} />
      ) : null}
    </>
  );
}

export function TrackParcelPage() {
  return (
    <div className="page">
      <RequireShop permission="parcel.view">
        {(shop) => <TrackParcel key={shop.id} shop={shop} />}
      </RequireShop>
    </div>
  );
}
