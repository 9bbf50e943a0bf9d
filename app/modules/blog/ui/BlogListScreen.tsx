import { Form } from 'react-router';
import { Link } from '#app/components/ui/Link.tsx';
import { plural } from '#app/lib/plural.ts';
import { BLOG_TITLE, blogListLink } from '#app/modules/blog/blog.rules.ts';
import type { ArticleCard as Card, BlogTagView, BlogTypeView } from '#app/modules/blog/blog.schema.ts';
import { ArticleCard } from './ArticleCard.tsx';
import { PageLinks } from '#app/modules/catalog/listing/ui/PageLinks.tsx';
import cardStyles from './ArticleCard.module.css';
import styles from './Blog.module.css';

export interface BlogListData {
  type: BlogTypeView | null;
  types: Array<BlogTypeView & { count: number }>;
  tags: Array<BlogTagView & { count: number }>;
  regions: Array<{ id: number; label: string; count: number }>;
  tag: BlogTagView | null;
  region: { id: number; label: string } | null;
  page: { news: Card[]; total: number; page: number; pages: number };
}

/**
 * /blog and /blog/{section}: the sections as tabs, the tags as chips, the regions as a choice, the
 * articles as cards, and the pages as links. Every filter is an address (works before scripts load,
 * can be shared, and is one kept page).
 */
export function BlogListScreen({ data, lead }: { data: BlogListData; lead: string }) {
  const { type, tag, region, page } = data;
  const typeSlug = type?.slug ?? null;
  const total = data.types.reduce((n, t) => n + t.count, 0);
  return (
    <div className={`container ${styles.page}`}>
      <div className={styles.head}>
        <h1>{type ? type.name : BLOG_TITLE}</h1>
        <a className={styles.rss} href="/blog/rss.xml" type="application/rss+xml">
          <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true"><circle cx="3" cy="13" r="2" fill="currentColor" /><path d="M1 7a8 8 0 0 1 8 8M1 2a13 13 0 0 1 13 13" stroke="currentColor" strokeWidth="2" fill="none" /></svg>
          RSS
        </a>
      </div>
      <p className={styles.lead}>{lead}</p>

      <nav aria-label="Разделы">
        <ul className={styles.tabs}>
          <li><Link to={blogListLink(null, { tag: tag?.slug, region: region?.id })} className={styles.tab} aria-current={type === null ? 'page' : undefined}>Все<span className={styles.count}>{total}</span></Link></li>
          {data.types.map((t) => (
            <li key={t.id}>
              <Link to={blogListLink(t.slug, { tag: tag?.slug, region: region?.id })} className={styles.tab} aria-current={t.id === type?.id ? 'page' : undefined}>
                {t.name}<span className={styles.count}>{t.count}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className={styles.filters}>
        <ul className={styles.chips} aria-label="Темы">
          {data.tags.map((t) => (
            <li key={t.id}>
              <Link
                to={blogListLink(typeSlug, { tag: t.id === tag?.id ? null : t.slug, region: region?.id })}
                className={styles.chip}
                aria-current={t.id === tag?.id ? 'true' : undefined}
              >
                {t.name}
              </Link>
            </li>
          ))}
        </ul>
        {data.regions.length ? (
          <Form method="get" action={blogListLink(typeSlug)} className={styles.regionFilter}>
            {tag ? <input type="hidden" name="tag" value={tag.slug} /> : null}
            <label htmlFor="blog-region">Регион</label>
            <select id="blog-region" name="region" defaultValue={region ? String(region.id) : ''} key={region?.id ?? 'all'}>
              <option value="">Все регионы</option>
              {data.regions.map((r) => <option key={r.id} value={r.id}>{r.label}</option>)}
            </select>
            <button type="submit" className="btn">Показать</button>
          </Form>
        ) : null}
      </div>

      {tag || region ? (
        <p className={styles.active}>
          {tag ? <>Тема: <strong>{tag.name}</strong></> : null}
          {region ? <>Регион: <strong>{region.label}</strong></> : null}
          <Link to={blogListLink(typeSlug)}>Сбросить</Link>
        </p>
      ) : null}

      {page.news.length ? (
        <>
          <p className={styles.total}>{page.total} {plural(page.total, 'публикация', 'публикации', 'публикаций')}</p>
          <ul className={cardStyles.grid} data-testid="blog-list">
            {page.news.map((a) => <li key={a.id}><ArticleCard article={a} headingLevel={2} /></li>)}
          </ul>
          <div className={styles.pager}><PageLinks page={page.page} pageCount={page.pages} href={(p) => blogListLink(typeSlug, { tag: tag?.slug, region: region?.id, page: p })} /></div>
        </>
      ) : (
        <p className={styles.empty}>Здесь пока нет публикаций. <Link to="/blog">Все новости</Link></p>
      )}
    </div>
  );
}
