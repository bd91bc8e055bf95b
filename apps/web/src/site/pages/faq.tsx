import type { SitePage, SiteProps } from '@dak/domain/public-site';
import { MarkdownView } from '../../lib/markdown-view';
import { dictionaries, hrefOf } from '../i18n';
import './faq.css';

type FaqData = Extract<SitePage, { name: 'faq' }>;

/** The published entries staff write in the console, by category in the console's order. */
export function FaqPage({ lang, page }: SiteProps & { page: FaqData }) {
  const t = dictionaries[lang].faq;
  const order = Object.keys(t.categories);
  const rank = (category: string) => (order.includes(category) ? order.indexOf(category) : order.length);
  const groups = new Map<string, FaqData['items']>();
  for (const item of [...page.items].sort(
    (a, b) => rank(a.category) - rank(b.category) || a.position - b.position,
  )) {
    groups.set(item.category, [...(groups.get(item.category) ?? []), item]);
  }
  return (
    <section className="wrap section narrow">
      <h1>{t.title}</h1>
      {groups.size === 0 ? (
        <p className="card">
          {t.none} <a href={hrefOf(lang, '/')}>{dictionaries[lang].home.calcTitle}</a>
        </p>
      ) : (
        [...groups].map(([category, items]) => (
          <div key={category} className="faq">
            <h2 className="h3">
              {t.categories[category as keyof typeof t.categories] ?? t.categories.general}
            </h2>
            {items.map((item) => (
              <details key={item.id} className="faq__item">
                <summary>{lang === 'bn' ? item.questionBn : item.questionEn}</summary>
                <div className="faq__answer">
                  <MarkdownView source={lang === 'bn' ? item.answerBn : item.answerEn} />
                </div>
              </details>
            ))}
          </div>
        ))
      )}
    </section>
  );
}
