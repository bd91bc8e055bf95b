import { LeftIcon, RightIcon } from './icons';
import './list.css';

type Words = {
  /** The navigation's name ("Pages"). */
  label: string;
  previous: string;
  next: string;
  /** A page's name for a screen reader ("Page 3"). */
  page: (n: number) => string;
  /** A page's number as written in the language. */
  number: (n: number) => string;
};

/** The pages to link around `current`: the first, two either side, the last; gaps as null. */
export function pageWindow(current: number, pages: number): (number | null)[] {
  const shown = new Set([1, pages]);
  for (let n = current - 2; n <= current + 2; n++) if (n >= 1 && n <= pages) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const n of sorted) {
    const last = out[out.length - 1];
    if (typeof last === 'number' && n - last > 1) out.push(n - last === 2 ? n - 1 : null);
    out.push(n);
  }
  return out;
}

/**
 * Pages in antd's Pagination look, without antd: previous, the pages around the current one with
 * the first and the last, next; on a phone (`simple`) previous, "3 / 500", next. Each control has
 * antd's title ("Next Page", the page's number) and says aria-disabled where antd did.
 */
export function Pagination({
  current,
  pageSize,
  total,
  onChange,
  simple = false,
  words,
  className,
}: {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  simple?: boolean;
  words: Words;
  className?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const step = (to: number, title: string, icon: 'left' | 'right') => {
    const disabled = to < 1 || to > pages;
    return (
      <li>
        <button
          type="button"
          className="light-pager__step"
          title={title}
          aria-label={title}
          aria-disabled={disabled}
          disabled={disabled}
          onClick={() => onChange(to)}
        >
          {icon === 'left' ? <LeftIcon /> : <RightIcon />}
        </button>
      </li>
    );
  };
  return (
    <nav aria-label={words.label} className={className ? `light-pager ${className}` : 'light-pager'}>
      <ul className="light-pager__list">
        {step(current - 1, words.previous, 'left')}
        {simple ? (
          <li className="light-pager__simple" aria-current="page">
            {words.number(current)} / {words.number(pages)}
          </li>
        ) : (
          pageWindow(current, pages).map((n, index) =>
            n === null ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: at most two gaps, by place
              <li key={`gap-${index}`} className="light-pager__gap" aria-hidden>
                •••
              </li>
            ) : (
              <li key={n}>
                <button
                  type="button"
                  title={String(n)}
                  aria-label={words.page(n)}
                  aria-current={n === current ? 'page' : undefined}
                  className={
                    n === current ? 'light-pager__page light-pager__page--current' : 'light-pager__page'
                  }
                  onClick={() => {
                    if (n !== current) onChange(n);
                  }}
                >
                  {words.number(n)}
                </button>
              </li>
            ),
          )
        )}
        {step(current + 1, words.next, 'right')}
      </ul>
    </nav>
  );
}
