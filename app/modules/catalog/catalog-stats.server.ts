import { sql } from 'kysely';
import { keptPerDb } from '#app/.server/cache.ts';
import type { AppServices } from '#app/.server/context.ts';
import type { DB } from '#app/.server/db/connect.ts';

const countsKept = keptPerDb<Record<number, number>>({ readsFrom: ['catalog_category', 'catalog_model_line', 'catalog_model'] });

/**
 * Models per category, counting those of its subcategories at any depth: category id → count
 * (categories without models are absent). One query over the whole tree — each category paired with
 * itself and its ancestors — cached like the menu, since /catalog shows it to everyone.
 */
const loadModelCounts = (db: DB): Promise<Record<number, number>> => countsKept.get(db, '', async () => {
  const { rows } = await sql<{ id: number; n: string }>`
    with recursive up as (
      select id as category_id, id from catalog_category
      union all
      select up.category_id, c.parent_id from up join catalog_category c on c.id = up.id where c.parent_id is not null
    )
    select up.id, count(m.id) as n
    from up
    join catalog_model_line l on l.category_id = up.category_id
    join catalog_model m on m.model_line_id = l.id
    group by up.id`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.id, Number(r.n)]));
});

export function modelCountsByCategory(services: AppServices): Promise<Record<number, number>> {
  return loadModelCounts(services.db);
}
