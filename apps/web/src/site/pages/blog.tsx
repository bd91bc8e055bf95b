import type { SitePage, SiteProps } from '@dak/domain/public-site';
import { MarkdownView } from '../../lib/markdown-view';
import { formatDate } from '../format';
import { dictionaries, hrefOf } from '../i18n';
import './blog.css';

type BlogData = Extract<SitePage, { name: 'blog' }>;
type PostData = Extract<SitePage, { name: 'blog-post' }>;

export function BlogPage({ lang, page }: SiteProps & { page: BlogData }) {
  const t = dictionaries[lang].blog;
  const { posts } = page;
  return (
    <section className="wrap section">
      <h1>{t.title}</h1>
      {posts.length === 0 ? (
        <p className="card">
          {t.none} <a href={hrefOf(lang, '/')}>{dictionaries[lang].home.calcTitle}</a> ·{' '}
          <a href={hrefOf(lang, '/coverage')}>{dictionaries[lang].nav.coverage}</a>
        </p>
      ) : (
        <ul className="cards">
          {posts.map((post) => (
            <li key={post.slug} className="card post-card">
              {post.coverImageUrl ? (
                <img src={post.coverImageUrl} alt="" loading="lazy" width="640" height="320" />
              ) : null}
              <h2 className="h3">
                <a href={hrefOf(lang, `/blog/${post.slug}`)}>{lang === 'bn' ? post.titleBn : post.titleEn}</a>
              </h2>
              <p className="muted">
                <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, lang)}</time>
              </p>
              <p>{lang === 'bn' ? post.excerptBn : post.excerptEn}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function BlogPostPage({ lang, page }: SiteProps & { page: PostData }) {
  const t = dictionaries[lang].blog;
  const { post } = page;
  return (
    <article className="wrap section narrow post">
      <p>
        <a href={hrefOf(lang, '/blog')}>← {t.back}</a>
      </p>
      <h1>{lang === 'bn' ? post.titleBn : post.titleEn}</h1>
      <p className="muted">
        <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, lang)}</time>
      </p>
      {post.coverImageUrl ? (
        <img className="post__cover" src={post.coverImageUrl} alt="" width="960" height="480" />
      ) : null}
      <MarkdownView source={lang === 'bn' ? post.bodyBn : post.bodyEn} />
    </article>
  );
}
