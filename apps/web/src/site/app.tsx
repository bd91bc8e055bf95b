import type { SiteProps } from '@dak/domain/public-site';
import { TrackBox } from './components/track-box';
import { dictionaries, fill, hrefOf } from './i18n';
import { Layout } from './layout';
import { BlogPage, BlogPostPage } from './pages/blog';
import { CourierPage } from './pages/courier';
import { CoveragePage } from './pages/coverage';
import { EnterprisePage } from './pages/enterprise';
import { FaqPage } from './pages/faq';
import { HomePage } from './pages/home';
import { TrackPage } from './pages/track';

/** One public page inside the site's layout; the same tree renders on the server and hydrates. */
export function SiteApp(props: SiteProps) {
  return (
    <Layout lang={props.lang} path={props.path} search={props.search}>
      <Page {...props} />
    </Layout>
  );
}

function Page(props: SiteProps) {
  const { page } = props;
  switch (page.name) {
    case 'home':
      return <HomePage {...props} page={page} />;
    case 'track':
      return <TrackPage {...props} page={page} />;
    case 'coverage':
      return <CoveragePage {...props} page={page} />;
    case 'courier':
      return <CourierPage {...props} page={page} />;
    case 'enterprise':
      return <EnterprisePage {...props} page={page} />;
    case 'faq':
      return <FaqPage {...props} page={page} />;
    case 'blog':
      return <BlogPage {...props} page={page} />;
    case 'blog-post':
      return <BlogPostPage {...props} page={page} />;
    case 'not-found': {
      const t = dictionaries[props.lang].notFound;
      const nav = dictionaries[props.lang].nav;
      const links = [
        ['/', t.home],
        ['/coverage', nav.coverage],
        ['/courier', nav.courier],
        ['/faq', nav.faq],
        ['/blog', nav.blog],
      ] as const;
      return (
        <section className="wrap section narrow">
          <h1>{t.title}</h1>
          <p className="lead">{t.body}</p>
          <ul className="link-list">
            {links.map(([path, label]) => (
              <li key={path}>
                <a href={hrefOf(props.lang, path)}>{label}</a>
              </li>
            ))}
          </ul>
          <TrackBox lang={props.lang} />
        </section>
      );
    }
  }
}

/** The page's title and description, in its language. */
export function metaOf(props: SiteProps): { title: string; description: string } {
  const meta = dictionaries[props.lang].meta;
  const { page } = props;
  switch (page.name) {
    case 'track':
      return {
        title: fill(meta.track.title, { id: page.trackingId }),
        description: fill(meta.track.description, { id: page.trackingId }),
      };
    case 'blog-post': {
      const bn = props.lang === 'bn';
      const body = (bn ? page.post.bodyBn : page.post.bodyEn)
        .replace(/[#*_[\]()>`-]/g, '')
        .replace(/\s+/g, ' ');
      return {
        title: `${bn ? page.post.titleBn : page.post.titleEn} — ${dictionaries[props.lang].brand}`,
        description: body.trim().slice(0, 155),
      };
    }
    case 'not-found':
      return meta.notFound;
    default:
      return meta[page.name];
  }
}
