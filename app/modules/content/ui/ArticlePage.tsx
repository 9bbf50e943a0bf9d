import type { ReactNode } from 'react';
import type { PageView } from '#app/modules/content/content.schema.ts';
import { splitBody } from '#app/modules/content/content.rules.ts';
import styles from './ArticlePage.module.css';

/**
 * A stored page: title, lead, and the editor's HTML (written through the content module only);
 * `children` come before the text, `after` after it (a page's form).
 */
export function ArticlePage({ page, children, slots, after }: { page: PageView; children?: ReactNode; slots?: Readonly<Record<string, ReactNode>>; after?: ReactNode }) {
  return (
    <div className={`container ${styles.page}`}>
      <h1>{page.title}</h1>
      <p className={styles.lead}>{page.lead}</p>
      {children}
      <PageBody html={page.bodyHtml} slots={slots} />
      {after}
    </div>
  );
}

/**
 * The editor's HTML with its placeholders (`<div data-slot="…"></div>`) filled by the page from the
 * data; a placeholder the page does not fill renders nothing.
 */
export function PageBody({ html, slots = {}, className = 'prose' }: { html: string; slots?: Readonly<Record<string, ReactNode>>; className?: string }) {
  return (
    <div className={className}>
      {splitBody(html).map((part, i) => part.kind === 'html'
        ? <div key={i} dangerouslySetInnerHTML={{ __html: part.html }} />
        : <div key={i} data-slot={part.name}>{slots[part.name] ?? null}</div>)}
    </div>
  );
}
