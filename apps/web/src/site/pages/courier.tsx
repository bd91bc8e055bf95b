import type { SitePage, SiteProps } from '@dak/domain/public-site';
import { useState } from 'react';
import { Field } from '../components/field';
import { localizeDigits } from '../format';
import { dictionaries, hrefOf } from '../i18n';

type CourierData = Extract<SitePage, { name: 'courier' }>;

/** Our phone numbers as people dial them: 8801712345678 → 01712-345678. */
function phoneText(phone: string): string {
  const local = phone.replace(/^880/, '0');
  return /^01\d{9}$/.test(local) ? `${local.slice(0, 5)}-${local.slice(5)}` : local;
}

type Place = CourierData['districts'][number];

/** A place picker's options: "any" first, then the places by name in the page's language. */
function PlaceOptions(props: { any: string; places: Place[]; name: (place: Place) => string }) {
  return (
    <>
      <option value="">{props.any}</option>
      {props.places.map((place) => (
        <option key={place.id} value={place.id}>
          {props.name(place)}
        </option>
      ))}
    </>
  );
}

/**
 * Walk-in senders: what to bring, and the booths and hubs by district and area (a GET form, so it
 * works without script): address, phone, hours and what each place does, in the page's language.
 */
export function CourierPage({ lang, page }: SiteProps & { page: CourierData }) {
  const t = dictionaries[lang].courier;
  const name = (pair: { nameEn: string; nameBn: string }) => (lang === 'bn' ? pair.nameBn : pair.nameEn);
  const districtName = new Map(page.districts.map((d) => [d.id, name(d)]));
  // The area list belongs to the district the page was loaded for; another district needs a search first.
  const [districtId, setDistrictId] = useState(page.districtId);
  const areasShown = districtId !== '' && districtId === page.districtId && page.areas.length > 0;
  const place = page.districtId ? districtName.get(page.districtId) : undefined;
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
        <h2 id="booths-title">{t.findTitle}</h2>
        <form className="card search-form" action={hrefOf(lang, '/courier')} method="get">
          <Field id="courier-district" label={t.district}>
            <select
              id="courier-district"
              name="districtId"
              value={districtId}
              onChange={(event) => setDistrictId(event.target.value)}
            >
              <PlaceOptions any={t.anyDistrict} places={page.districts} name={name} />
            </select>
          </Field>
          {areasShown ? (
            <Field id="courier-area" label={t.area}>
              <select id="courier-area" name="areaId" defaultValue={page.areaId}>
                <PlaceOptions any={t.anyArea} places={page.areas} name={name} />
              </select>
            </Field>
          ) : null}
          <Field id="courier-q" label={t.q}>
            <input id="courier-q" name="q" defaultValue={page.q} autoComplete="off" />
          </Field>
          <button className="btn btn--primary" type="submit">
            {t.button}
          </button>
        </form>
        <p className="muted" aria-live="polite">
          {place ? `${place}: ` : ''}
          {page.booths.length === 0
            ? t.none
            : localizeDigits(String(page.booths.length), lang) +
              (page.booths.length === 1 ? t.found1 : t.found)}
        </p>
        {!page.districtId && !page.q ? <p>{t.hubsHint}</p> : null}
        {page.booths.length > 0 ? (
          <ul className="results results--grid">
            {page.booths.map((booth) => (
              <li key={booth.id} className="card result">
                <div className="result__head">
                  <h3>{lang === 'bn' ? booth.nameBn : booth.name}</h3>
                  <span className={`badge${booth.kind === 'hub' ? ' badge--hub' : ''}`}>
                    {booth.kind === 'hub' ? t.hub : t.booth}
                  </span>
                </div>
                <p>{lang === 'bn' ? booth.addressBn : booth.address}</p>
                <dl className="facts">
                  <div>
                    <dt>{t.phone}</dt>
                    <dd>
                      <a href={`tel:+${booth.phone.replace(/^\+/, '')}`}>
                        {localizeDigits(phoneText(booth.phone), lang)}
                      </a>
                    </dd>
                  </div>
                  <div>
                    <dt>{t.hours}</dt>
                    <dd>{lang === 'bn' ? booth.hoursBn : booth.hours}</dd>
                  </div>
                </dl>
                {booth.services.length > 0 ? (
                  <>
                    <p className="result__label">{t.servicesTitle}</p>
                    <ul className="tags">
                      {booth.services.map((code) => (
                        <li key={code} className="tag">
                          {t.services[code as keyof typeof t.services] ?? code}
                        </li>
                      ))}
                    </ul>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </>
  );
}
