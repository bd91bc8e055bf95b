import type { NidImageSide } from '@dak/domain/nid';
import { Image, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNidImage } from '../api/get-nid-image';
import './nid-images.css';

/** One side of the card, fetched with the staff token; click to enlarge, zoom and rotate. */
export function NidImage({ submissionId, side }: { submissionId: string; side: NidImageSide }) {
  const { t } = useTranslation();
  const image = useNidImage(submissionId, side);
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!image.data) return;
    const next = URL.createObjectURL(image.data);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [image.data]);

  const label = t(`opsConsole.nid.sides.${side}`);
  return (
    <figure className="nid-image">
      <figcaption>
        <Typography.Text strong>{label}</Typography.Text>
      </figcaption>
      <div className="nid-image__frame">
        {image.isError ? (
          <Typography.Text type="danger">{t('opsConsole.nid.imageFailed')}</Typography.Text>
        ) : url ? (
          <Image src={url} alt={t('opsConsole.nid.imageAlt', { side: label })} />
        ) : (
          <Spin aria-label={t('app.loading')} />
        )}
      </div>
    </figure>
  );
}
