import type { SitePage, SiteProps } from '@dak/domain/public-site';
import { Field } from '../components/field';
import { formatNumber, formatTaka, localizeDigits } from '../format';
import { dictionaries, fill, hrefOf } from '../i18n';

type CoverageData = Extract<SitePage, { name: 'coverage' }>;

/**
 * Coverage search as a plain GET form: the server searches and renders the answer, so it works
 * on any phone and every result page is a link one can share.
 */
export function CoveragePage({ lang, page }: SiteProps & { page: CoverageData }) {
  const t = dictionaries[lang].coverage;
  const { summary } = page;
  const n = (value: number) => formatNumber(value, lang);
  const name = (pair: { nameEn: string; nameBn: string }) => (lang === 'bn' ? pair.nameBn : pair.nameEn);
  const stats = [
    { label: t.districts, total: summary.districts, covered: summary.coveredDistricts },
    { label: t.upazilas, total: summary.upazilas, covered: summary.coveredUpazilas },
    { label: t.cityAreas, total: summary.cityAreas, covered: summary.coveredCityAreas },
  ];
  const fromName = page.from
    ? lang === 'bn'
      ? `${page.from.nameBn}, ${page.from.districtNameBn}`
      : `${page.from.nameEn}, ${page.from.districtNameEn}`
    : '';
  return (
    <>
      <section className="wrap section">
        <h1>{t.title}</h1>
        <p className="lead">{t.intro}</p>
        <ul className="stats">
          {stats.map((stat) => (
            <li key={stat.label} className="stat">
              <span className="stat__number">{n(stat.total)}</span>
              <span className="stat__label">{stat.label}</span>
              <span className="muted">
                {fill(t.covered, { covered: n(stat.covered), total: n(stat.total) })}
              </span>
            </li>
          ))}
        </ul>
        <form className="card search-form" action={hrefOf(lang, '/coverage')} method="get">
          <Field id="coverage-q" label={t.search}>
            <input
              id="coverage-q"
              name="q"
              defaultValue={page.q}
              placeholder={t.searchPlaceholder}
              autoComplete="off"
              required
            />
          </Field>
          <Field id="coverage-from" label={t.from}>
            <input
              id="coverage-from"
              name="from"
              defaultValue={page.fromText}
              placeholder={t.fromPlaceholder}
              autoComplete="off"
            />
          </Field>
          <button className="btn btn--primary" type="submit">
            {t.button}
          </button>
        </form>
      </section>
      {page.hits ? (
        <section className="wrap section" aria-labelledby="coverage-results">
          <h2 id="coverage-results">{fill(t.resultsFor, { q: page.q })}</h2>
          {page.hits.length === 0 ? <p>{fill(t.none, { q: page.q })}</p> : null}
          <ul className="results">
            {page.hits.map((hit) => (
              <li key={hit.id} className="card result">
                <div className="result__head">
                  <h3>
                    {name(hit)}, {lang === 'bn' ? hit.districtNameBn : hit.districtNameEn}
                  </h3>
                  <span className={`badge ${hit.isCovered ? 'badge--yes' : 'badge--no'}`}>
                    {hit.isCovered ? t.yes : t.no}
                  </span>
                </div>
                <dl className="facts">
                  <div>
                    <dt>{t.zone}</dt>
                    <dd>{name(hit.zone)}</dd>
                  </div>
                  {hit.hub ? (
                    <div>
                      <dt>{t.hub}</dt>
                      <dd>{name(hit.hub)}</dd>
                    </div>
                  ) : null}
                  {hit.charge && page.from ? (
                    <div>
                      <dt>{fill(t.charge, { from: fromName })}</dt>
                      <dd>
                        {formatTaka(hit.charge.deliveryCharge, lang)} ·{' '}
                        {fill(t.days, { days: localizeDigits(String(hit.charge.deliveryPromiseDays), lang) })}
                      </dd>
                    </div>
                  ) : null}
                </dl>
              </li>
            ))}
          </ul>
          {page.from ? null : <p className="muted">{t.chargeNone}</p>}
        </section>
      ) : null}
    </>
  );
}
