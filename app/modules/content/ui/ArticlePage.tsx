import type { PageView } from '#app/modules/content/content.schema.ts';
import styles from './ArticlePage.module.css';

/** A stored page: title, lead, and the editor's HTML (written through the content module only). */
export function ArticlePage({ page, children }: { page: PageView; children?: React.ReactNode }) {
  return (
    <div className={`container ${styles.page}`}>
      <h1>{page.title}</h1>
      <p className={styles.lead}>{page.lead}</p>
      {children}
      <div className="prose" dangerouslySetInnerHTML={{ __html: page.bodyHtml }} />
    </div>
  );
}
