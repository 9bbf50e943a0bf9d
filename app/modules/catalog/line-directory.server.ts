import { keptPerDb } from '#app/.server/cache.ts';
import type { AppServices } from '#app/.server/context.ts';
import type { DB } from '#app/.server/db/connect.ts';
import { modelLineLink } from './catalog.rules.ts';

/** The directory of model lines, kept until a line, a maker, a category or a model changes. */
const directoryKept = keptPerDb<LineDirectory>({ readsFrom: ['catalog_model_line', 'catalog_manufacturer', 'catalog_category', 'catalog_model'] });

export interface LineDirectoryEntry {
  id: number;
  slug: string;
  name: string;
  manufacturer: { id: number; slug: string; name: string };
  categoryId: number;
  /** The line's machinery page (its alias). */
  link: string;
  /** The line's models in the editors' order. */
  models: Array<{ id: number; slug: string; name: string }>;
}

export interface LineDirectory {
  byId: Map<number, LineDirectoryEntry>;
  /** Keyed `{makerSlug}/{lineSlug}`. */
  bySlugs: Map<string, LineDirectoryEntry>;
  /** Each model with its line. */
  byModelId: Map<number, { model: LineDirectoryEntry['models'][number]; line: LineDirectoryEntry }>;
}

const loadDirectory = (db: DB): Promise<LineDirectory> => directoryKept.get(db, '', async () => {
  const [lines, models] = await Promise.all([
    db.selectFrom('catalog_model_line as l')
      .innerJoin('catalog_manufacturer as m', 'm.id', 'l.manufacturer_id')
      .innerJoin('catalog_category as c', 'c.id', 'l.category_id')
      .select(['l.id', 'l.slug', 'l.name', 'l.category_id', 'c.slug as category_slug', 'm.id as maker_id', 'm.slug as maker_slug', 'm.name as maker_name'])
      .orderBy('l.sort').orderBy('l.id')
      .execute(),
    db.selectFrom('catalog_model').select(['id', 'slug', 'name', 'model_line_id']).orderBy('sort').orderBy('id').execute(),
  ]);
  const byId = new Map<number, LineDirectoryEntry>();
  const bySlugs = new Map<string, LineDirectoryEntry>();
  for (const l of lines) {
    const entry: LineDirectoryEntry = {
      id: l.id, slug: l.slug, name: l.name, categoryId: l.category_id,
      manufacturer: { id: l.maker_id, slug: l.maker_slug, name: l.maker_name },
      link: modelLineLink(l.category_slug, l.slug), models: [],
    };
    byId.set(l.id, entry);
    bySlugs.set(`${l.maker_slug}/${l.slug}`, entry);
  }
  const byModelId: LineDirectory['byModelId'] = new Map();
  for (const m of models) {
    const line = byId.get(m.model_line_id);
    if (!line) continue;
    const model = { id: m.id, slug: m.slug, name: m.name };
    line.models.push(model);
    byModelId.set(m.id, { model, line });
  }
  return { byId, bySlugs, byModelId };
});

/**
 * Every model line with its maker and models, kept in memory (two statements a minute): what
 * other modules (the parts catalogue's pages) need to name a line, find it by its maker's and its
 * own slug, and list its models, without reading the catalogue's tables.
 */
export function modelLineDirectory(services: AppServices): Promise<LineDirectory> {
  return loadDirectory(services.db);
}
