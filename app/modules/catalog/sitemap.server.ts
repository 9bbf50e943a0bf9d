import { sql } from 'kysely';
import type { AppServices } from '#app/.server/context.ts';
import { modelLineLink, modelLink } from './catalog.rules.ts';

/**
 * The public paths of every model line and model, for sitemap.xml: one query whatever the catalogue's
 * size (categories come from the cached menu). Built from the catalogue's slugs with the same link
 * rules as the pages' canonical URLs, so the sitemap never lists a path the pages would not claim.
 */
export async function catalogSitemapPaths(services: AppServices): Promise<string[]> {
  const { rows } = await sql<{ category: string; line: string; model: string | null }>`
    select c.slug as category, l.slug as line, null as model, l.category_id, l.sort, l.id, -1 as model_sort, 0 as model_id
    from catalog_model_line l join catalog_category c on c.id = l.category_id
    union all
    select c.slug, l.slug, m.slug, l.category_id, l.sort, l.id, m.sort, m.id
    from catalog_model m join catalog_model_line l on l.id = m.model_line_id join catalog_category c on c.id = l.category_id
    order by 4, 5, 6, 7, 8`.execute(services.db);
  return rows.map((r) => (r.model === null ? modelLineLink(r.category, r.line) : modelLink(r.category, r.line, r.model)));
}
