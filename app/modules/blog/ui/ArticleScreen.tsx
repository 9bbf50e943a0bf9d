import { Link } from '#app/components/ui/Link.tsx';
import { blogListLink, formatArticleDate } from '#app/modules/blog/blog.rules.ts';
import type { ArticleCard as Card, ArticleView } from '#app/modules/blog/blog.schema.ts';
import { ArticlePicture } from './ArticleCard.tsx';
import { NewsBlock } from './NewsBlock.tsx';
import cardStyles from './ArticleCard.module.css';
import styles from './Blog.module.css';

const COVER_SIZES = '(max-width: 991px) 100vw, 820px';

/** An article's page: its section and date, title, lead, cover, text, tags; beside it what it concerns; after it more of its section. */
export function ArticleScreen({ article, more }: { article: ArticleView; more: readonly Card[] }) {
  const related = [
    { title: 'Техника в статье', items: article.models, testId: 'article-models' },
    { title: 'Запчасти', items: article.parts, testId: 'article-parts' },
    { title: 'Разделы каталога', items: article.categories, testId: 'article-categories' },
  ].filter((r) => r.items.length);
  return (
    <>
      <div className={`container ${styles.article}`}>
        <article className={styles.articleMain}>
          <p className={styles.articleMeta}>
            <Link to={article.blogType.link}>{article.blogType.name}</Link>
            <time dateTime={article.publishedAt}>{formatArticleDate(article.publishedAt)}</time>
            {article.regions.map((r) => <span key={r.id} className={cardStyles.region}>{r.label}</span>)}
          </p>
          <h1 className={styles.articleTitle}>{article.title}</h1>
          <p className={styles.articleLead}>{article.lead}</p>
          {article.image ? (
            <figure className={styles.cover}>
              <ArticlePicture image={article.image} sizes={COVER_SIZES} eager />
              {article.image.alt ? <figcaption>{article.image.alt}</figcaption> : null}
            </figure>
          ) : null}
          <div className={`prose ${styles.body}`} dangerouslySetInnerHTML={{ __html: article.bodyHtml }} />
          {article.authorName ? <p className={styles.articleMeta}>{article.authorName}</p> : null}
          {article.tags.length ? (
            <ul className={styles.tagsLine} aria-label="Темы">
              {article.tags.map((t) => <li key={t.id}><Link to={blogListLink(null, { tag: t.slug })} className={styles.chip}>{t.name}</Link></li>)}
            </ul>
          ) : null}
        </article>
        {related.length ? (
          <aside className={styles.aside} aria-label="О чём статья">
            {related.map((r) => (
              <section key={r.title} className={styles.asideBox} data-testid={r.testId}>
                <h2>{r.title}</h2>
                <ul>{r.items.map((i) => <li key={i.id}><Link to={i.link}>{i.name}</Link></li>)}</ul>
              </section>
            ))}
          </aside>
        ) : null}
      </div>
      <NewsBlock title={`Ещё в разделе «${article.blogType.name}»`} news={more} moreLink={article.blogType.link} moreLabel="Весь раздел" testId="article-more" />
    </>
  );
}
