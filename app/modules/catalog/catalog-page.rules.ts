import { pageMeta } from '#app/lib/meta.ts';
import type { CatalogPageBase } from './catalog-page.schema.ts';

/**
 * Title, description, canonical link, robots and structured data of a catalogue page: the fallback's
 * category, model line and model views and `/model-lines/view` (whose canonical is the line's alias).
 */
export function catalogMeta({ head }: CatalogPageBase) {
  return [
    ...pageMeta(head.title, head.description),
    { tagName: 'link', rel: 'canonical', href: head.canonical },
    ...(head.noindex ? [{ name: 'robots', content: 'noindex, follow' }] : []),
    ...(head.jsonLd ? [{ 'script:ld+json': head.jsonLd }] : []),
  ];
}
