import type { Lang } from '@dak/domain/public-site';
import { useState } from 'react';
import { dictionaries, hrefOf } from '../i18n';

/**
 * Tracking ID → /track/{id}. A GET form to /track (the server redirects), so it works before the
 * script loads too; with the script, straight to the page.
 */
export function TrackBox({ lang, initial = '', title }: { lang: Lang; initial?: string; title?: string }) {
  const t = dictionaries[lang].home;
  const [id, setId] = useState(initial);
  const [error, setError] = useState(false);
  return (
    <form
      className="track-box card"
      action={hrefOf(lang, '/track')}
      method="get"
      aria-labelledby="track-title"
      onSubmit={(event) => {
        event.preventDefault();
        const clean = id.trim().toUpperCase();
        if (!clean) {
          setError(true);
          return;
        }
        window.location.assign(hrefOf(lang, `/track/${encodeURIComponent(clean)}`));
      }}
    >
      <h2 id="track-title" className="track-box__title">
        {title ?? t.trackTitle}
      </h2>
      <label htmlFor="track-id">{t.trackLabel}</label>
      <div className="track-box__row">
        <input
          id="track-id"
          name="id"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={t.trackPlaceholder}
          value={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'track-id-error' : undefined}
          onChange={(event) => {
            setId(event.target.value);
            setError(false);
          }}
        />
        <button className="btn btn--primary" type="submit">
          {t.trackButton}
        </button>
      </div>
      {error ? (
        <p className="field__error" id="track-id-error">
          {t.trackEmpty}
        </p>
      ) : null}
    </form>
  );
}
