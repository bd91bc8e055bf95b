import { ExpandOutlined } from '@ant-design/icons';
import { Image, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProofPhoto } from '../api/get-proof-photo';
import './tracking.css';

type ProofPhotoProps = { shopId: string; parcelId: string; trackingId: string };

/**
 * The rider's photo that proved the delivery: a thumbnail (a real button, so it opens from the
 * keyboard too) that opens the photo large, with zoom and rotate. Fetched with the session.
 */
export function ProofPhoto({ shopId, parcelId, trackingId }: ProofPhotoProps) {
  const { t } = useTranslation();
  const photo = useProofPhoto(shopId, parcelId);
  const [url, setUrl] = useState<string | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!photo.data) return;
    const next = URL.createObjectURL(photo.data);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [photo.data]);

  const alt = t('parcels.proof.alt', { trackingId });
  return (
    <figure className="proof-photo" data-testid="proof-photo">
      {photo.isError ? (
        <Typography.Text type="danger">{t('parcels.proof.failed')}</Typography.Text>
      ) : url ? (
        <>
          <button
            type="button"
            className="proof-photo__thumb"
            onClick={() => setOpen(true)}
            aria-label={t('parcels.proof.open')}
          >
            <img src={url} alt={alt} />
            <span className="proof-photo__zoom" aria-hidden>
              <ExpandOutlined />
            </span>
          </button>
          {/* Only its preview is used: it opens in a layer over the page, outside this hidden box. */}
          <div hidden>
            <Image src={url} alt="" preview={{ open, onOpenChange: setOpen }} />
          </div>
        </>
      ) : (
        <Skeleton.Image active className="proof-photo__loading" />
      )}
      <figcaption className="card-list__muted">{t('parcels.proof.caption')}</figcaption>
    </figure>
  );
}
