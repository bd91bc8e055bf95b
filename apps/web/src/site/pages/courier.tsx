import type { SitePage, SiteProps } from '@dak/domain/public-site';
import { dictionaries, hrefOf } from '../i18n';

type CourierData = Extract<SitePage, { name: 'courier' }>;

/** Walk-in senders: what to bring, and the booths and hubs by district and area (a GET form). */
export function CourierPage({ lang, page }: SiteProps & { page: CourierData }) {
  const t = dictionaries[lang].courier;
  const name = (pair: { nameEn: string; nameBn: string }) => (lang === 'bn' ? pair.nameBn : pair.nameEn);
  const districtName = new Map(page.districts.map((d) => [d.id, name(d)]));
  const hubs = page.districtId ? page.hubs.filter((h) => h.districtId === page.districtId) : page.hubs;
  return (
    <>
      <section className="wrap section">
        <h1>{t.title}</h1>
        <p className="lead">{t.intro}</p>
        <div className="card">
          <h2 className="h3">{t.needTitle}</h2>
          <ul className="checklist">
            {t.need.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      </section>
      <section className="wrap section" aria-labelledby="booths-title">
        <h2 id="booths-title">{page.booths ? t.button : t.hubsTitle}</h2>
        <form className="card search-form" action={hrefOf(lang, '/courier')} method="get">
          <div className="field">
            <label htmlFor="courier-district">{t.district}</label>
            <select id="courier-district" name="districtId" defaultValue={page.districtId}>
              <option value="">{t.anyDistrict}</option>
              {page.districts.map((d) => (
                <option key={d.id} value={d.id}>
                  {name(d)}
                </option>
              ))}
            </select>
          </div>
          {page.booths ? (
            <div className="field">
              <label htmlFor="courier-q">{t.q}</label>
              <input id="courier-q" name="q" defaultValue={page.q} autoComplete="off" />
            </div>
          ) : null}
          <button className="btn btn--primary" type="submit">
            {page.booths ? t.button : t.showHubs}
          </button>
        </form>
        {page.booths ? (
          page.booths.length === 0 ? (
            <p>{t.none}</p>
          ) : (
            <ul className="results">
              {page.booths.map((booth) => (
                <li key={booth.id} className="card result">
                  <div className="result__head">
                    <h3>{lang === 'bn' ? booth.nameBn : booth.name}</h3>
                    <span className="badge">{booth.kind === 'hub' ? t.hub : t.booth}</span>
                  </div>
                  <p>{lang === 'bn' ? booth.addressBn : booth.address}</p>
                  <dl className="facts">
                    <div>
                      <dt>{t.phone}</dt>
                      <dd>
                        <a href={`tel:${booth.phone}`}>{booth.phone}</a>
                      </dd>
                    </div>
                    <div>
                      <dt>{t.hours}</dt>
                      <dd>{lang === 'bn' ? booth.hoursBn : booth.hours}</dd>
                    </div>
                  </dl>
                </li>
              ))}
            </ul>
          )
        ) : (
          <>
            <p>{t.hubsIntro}</p>
            <ul className="hub-list">
              {hubs.map((hub) => (
                <li key={hub.id}>
                  <strong>{name(hub)}</strong>
                  <span className="muted"> · {districtName.get(hub.districtId) ?? ''}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </>
  );
}
