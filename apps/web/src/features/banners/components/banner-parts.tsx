import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useBannerImage } from '../api/banners';

/** The banner's picture, fetched with the session; nothing while it loads or when it fails. */
export function BannerImage({
  path,
  alt,
  className,
}: {
  path: string | null;
  alt: string;
  className: string;
}) {
  const image = useBannerImage(path);
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
  return url ? <img className={className} src={url} alt={alt} /> : null;
}

/** A banner's link: a page of the panel in the app, an https address in a new tab. */
export function BannerLink({ to, label, onClick }: { to: string; label: string; onClick?: () => void }) {
  if (to.startsWith('/')) {
    return (
      <Link to={to} onClick={onClick} className="banner-link">
        {label}
      </Link>
    );
  }
  return (
    <a href={to} target="_blank" rel="noopener noreferrer" onClick={onClick} className="banner-link">
      {label}
    </a>
  );
}
