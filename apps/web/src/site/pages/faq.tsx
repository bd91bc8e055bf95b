import { weightLimits } from '@dak/domain/pricing-rules';
import type { SitePage, SiteProps } from '@dak/domain/public-site';
import { formatTaka, localizeDigits } from '../format';
import { dictionaries, fill } from '../i18n';

type FaqData = Extract<SitePage, { name: 'faq' }>;

/** Staff-written entries by category; until there are any, the answers the price plan gives. */
export function FaqPage({ lang, plan, page }: SiteProps & { page: FaqData }) {
  const t = dictionaries[lang].faq;
  const taka = (n: number) => formatTaka(n, lang);
  const digits = (n: number | string) => localizeDigits(String(n), lang);
  const { same_city, suburbs, outside } = plan.rates;
  const facts = {
    sc500: taka(same_city.upTo500g),
    sc1: taka(same_city.upTo1kg),
    scx: taka(same_city.perExtraKg),
    sb500: taka(suburbs.upTo500g),
    sb1: taka(suburbs.upTo1kg),
    sbx: taka(suburbs.perExtraKg),
    o500: taka(outside.upTo500g),
    o1: taka(outside.upTo1kg),
    ox: taka(outside.perExtraKg),
    cutoff: digits(plan.pickupCutoff),
    same_city: digits(plan.deliveryPromiseDays.same_city),
    outside: digits(plan.deliveryPromiseDays.outside),
    cod: digits(plan.codFeePercent),
    parcelKg: digits(weightLimits.parcelMaxGrams / 1000),
    calcKg: digits(weightLimits.calculatorMaxGrams / 1000),
  };
  const items =
    page.items && page.items.length > 0
      ? [...page.items]
          .sort((a, b) => a.category.localeCompare(b.category) || a.position - b.position)
          .map((item) => ({
            id: item.id,
            q: lang === 'bn' ? item.questionBn : item.questionEn,
            a: lang === 'bn' ? item.answerBn : item.answerEn,
          }))
      : t.builtIn.map(([q, a], i) => ({ id: String(i), q: q ?? '', a: fill(a ?? '', facts) }));
  return (
    <section className="wrap section narrow">
      <h1>{t.title}</h1>
      <div className="faq">
        {items.map((item) => (
          <details key={item.id} className="faq__item">
            <summary>{item.q}</summary>
            <p>{item.a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
