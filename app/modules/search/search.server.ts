import type { AppServices } from '#app/.server/context.ts';
import { categoryLink, machineryTopCategories } from '#app/modules/catalog/catalog.server.ts';
import { modelLineLink, modelLink } from '#app/modules/catalog/catalog.rules.ts';
import { searchablePages } from '#app/modules/content/content.server.ts';
import { loadPartNameWords, searchPartsForSite, type PartFitQuery } from '#app/modules/parts/pages/part-search.server.ts';
import { SEARCH_KINDS, SEARCH_KIND_TITLES, type SearchKind } from './search.constants.ts';
import { keptPerDb } from '#app/.server/cache.ts';
import type { WatchedTable } from '#app/.server/db/changes.ts';
import { findCategories, findManufacturers, findModelLines, findModels, loadVocabulary } from './search.queries.server.ts';
import {
  highlightRanges, nearestKnownWords, nearestSpelling, plausibleIn, prepareQuery, rankText, splitPartAndMachine, typoCandidates, withCorrections, type PreparedQuery, type QueryVariant,
} from './search.rules.ts';
import { EMPTY_RESULT, type SearchHit, type SearchResult } from './search.schema.ts';
import { plural } from '#app/lib/plural.ts';

/**
 * The one search of the site (issue 8, point 5): a registry of sources, each finding ranked hits
 * of one kind. The header's dialog, the /search page and GET /api/search all call `search`. The
 * parts issue adds part numbers by adding its kind to SEARCH_KINDS and calling
 * `registerSearchSource`; a search engine could later stand behind the same sources.
 */

/** A hit as a source finds it; `search` adds the kind and the marked ranges. */
export interface SourceHit extends Omit<SearchHit, 'kind' | 'marks'> { rank: number }

export interface SearchSource {
  kind: SearchKind;
  /** The first `limit` hits, best first (ties by name in Russian order), and how many there are in all. */
  find(services: AppServices, query: PreparedQuery, limit: number): Promise<{ total: number; hits: SourceHit[] }>;
}

const sources = new Map<SearchKind, SearchSource>();

/** Adds a source, or replaces the one of its kind (a test's stand-in). */
export function registerSearchSource(source: SearchSource): void {
  sources.set(source.kind, source);
}

const fromRows = <R extends { total: number }>(rows: R[], hit: (row: R) => SourceHit) => ({ total: rows[0]?.total ?? 0, hits: rows.map(hit) });

registerSearchSource({
  kind: 'category',
  async find(services, query, limit) {
    return fromRows(await findCategories(services.db, await catalogVariants(services, query), limit), (r) => ({
      id: String(r.id), title: r.name, subtitle: r.parent_name, link: categoryLink(r.slug), image: null, rank: r.rank,
    }));
  },
});

registerSearchSource({
  kind: 'manufacturer',
  async find(services, query, limit) {
    return fromRows(await findManufacturers(services.db, await catalogVariants(services, query), limit), (r) => ({
      id: String(r.id),
      title: r.name,
      subtitle: [r.country, r.lines ? linesLabel(r.lines) : null].filter(Boolean).join(' · '),
      // Its main category filtered by it; a maker without lines yet is searched for.
      link: r.category_slug ? `${categoryLink(r.category_slug)}?techniqueManufacturers%5B%5D=${r.id}` : `/search?q=${encodeURIComponent(r.name)}`,
      image: r.logo_path ? { src: r.logo_path, width: 80, height: 40 } : null,
      rank: r.rank,
    }));
  },
});

registerSearchSource({
  kind: 'modelLine',
  async find(services, query, limit) {
    return fromRows(await findModelLines(services.db, await catalogVariants(services, query), limit), (r) => ({
      id: String(r.id), title: r.name, subtitle: `${r.manufacturer} · ${r.category_name}`,
      link: modelLineLink(r.category_slug, r.slug), image: null, rank: r.rank,
    }));
  },
});

registerSearchSource({
  kind: 'model',
  async find(services, query, limit) {
    return fromRows(await findModels(services.db, await catalogVariants(services, query), limit), (r) => ({
      id: String(r.id), title: r.name, subtitle: `${r.manufacturer} · ${r.line_name} · ${r.product_code}`,
      link: modelLink(r.category_slug, r.line_slug, r.slug),
      image: r.image ? { src: r.image.src, width: r.image.width, height: r.image.height } : null,
      rank: r.rank,
    }));
  },
});

registerSearchSource({
  kind: 'parts',
  // Part numbers in any notation, then names in word forms: two statements at most (ADR 033); a
  // part named with a machine ('масляный фильтр 6145') two more: the machine's models, then the
  // parts so named on their drawings.
  async find(services, query, limit) {
    const { total, hits } = await searchPartsForSite(services, query.text, query.variants[0]?.plain ?? '', limit, await partFit(services, query));
    return { total, hits: hits.map((h) => ({ ...h, image: null })) };
  },
});

/** Sections of the site that are routes rather than stored pages. */
const SECTIONS = [
  { title: 'Каталог техники', link: '/catalog', lead: '' },
  { title: 'Запчасти', link: '/zapchasti', lead: '' },
  { title: 'Сравнение товаров', link: '/compare', lead: '' },
];

registerSearchSource({
  kind: 'page',
  // A few dozen titles, cached by the content module: ranked in memory by the same rules.
  async find(services, query, limit) {
    const pages = [...(await searchablePages(services)), ...SECTIONS];
    const hits = pages
      .map((p) => ({ id: p.link, title: p.title, subtitle: null, link: p.link, image: null, rank: rankText(p.title, query) }))
      .filter((h) => h.rank > 0)
      .sort((a, b) => b.rank - a.rank || a.title.localeCompare(b.title, 'ru'));
    return { total: hits.length, hits: hits.slice(0, limit) };
  },
});

/** Models a query's machine words may name, for the parts that fit them. */
const FIT_MODELS = 20;

/**
 * The part and the machine a query names ('масляный фильтр 6145' → 'масляный фильтр' on the
 * models '6145'); null when it does not name both, or its machine words find no model.
 */
async function partFit(services: AppServices, query: PreparedQuery): Promise<PartFitQuery | null> {
  const typed = query.variants[0];
  const split = typed ? splitPartAndMachine(typed, (await vocabulary(services.db)).parts) : null;
  if (!split) return null;
  const models = await findModels(services.db, [{ folded: split.machine, plain: split.machine }], FIT_MODELS);
  return models.length ? { plain: split.part, models: models.map((m) => ({ id: m.id, lineId: m.line_id, name: m.name })) } : null;
}

function linesLabel(n: number): string {
  return `${n} ${plural(n, 'модельный ряд', 'модельных ряда', 'модельных рядов')}`;
}

const MIN_QUERY_LENGTH = 2;
const SUGGESTIONS = 4;

/** What the sources search and the vocabulary is read from: a change to any drops what is kept (ADR 070). */
const SEARCHED_TABLES: readonly WatchedTable[] = [
  'catalog_category', 'catalog_manufacturer', 'catalog_model_line', 'catalog_model', 'catalog_technique_type',
  'content_page', 'parts_part', 'parts_name', 'parts_drawing', 'parts_drawing_position',
];

/**
 * The catalogue's words (search.queries.server.ts loadVocabulary), per process, kept until the names
 * change. Typos are corrected against them in memory, well under a millisecond, where reading the
 * words out of the names again cost 10–20 ms a search at 10,000 models.
 */
const vocabularyKept = keptPerDb<Vocabulary>({ readsFrom: SEARCHED_TABLES });
type Vocabulary = Awaited<ReturnType<typeof loadVocabulary>> & { parts: string[]; spelling: string[] };
const vocabulary = (db: AppServices['db']): Promise<Vocabulary> => vocabularyKept.get(db, '', async () => {
  const [catalog, parts] = await Promise.all([loadVocabulary(db), loadPartNameWords(db)]);
  // The words a query that finds nothing is spelt again with (nearestSpelling).
  const spelling = [...new Set([...catalog.known, ...parts])];
  return { ...catalog, parts, spelling };
});

/**
 * The readings of the query the catalogue's sources search: as typed, always; any other (the
 * other keyboard layout, the corrections) only when its words occur in the catalogue's. Each
 * reading costs every source a few conditions, and the other layout of most queries is noise.
 */
async function catalogVariants(services: AppServices, query: PreparedQuery): Promise<QueryVariant[]> {
  const { words } = await vocabulary(services.db);
  return query.variants.filter((v, i) => i === 0 || plausibleIn(words, v));
}

/**
 * What a query found, per process, until the names change: many visitors type the same first letters
 * ('тр', 'тра', 'трак'), and a dialog asks again when its text comes back to an earlier one. Keyed
 * by the readings of the query (so 'Кир' and 'кир' are one entry) and the limit; nothing in a
 * result depends on the visitor or the branch (no prices).
 */
const RESULT_ENTRIES = 1_000;
const recentResults = keptPerDb<Omit<SearchResult, 'query'>>({ readsFrom: SEARCHED_TABLES, maxEntries: RESULT_ENTRIES });

/**
 * Searches every source for the query: a fixed number of statements whatever the size of the
 * catalogue (one per database source; the vocabulary, the pages and the suggestions come from
 * caches), none for a query asked within the last few seconds.
 */
export async function search(services: AppServices, raw: string, options: { limitPerKind: number }): Promise<SearchResult> {
  const typed = prepareQuery(raw);
  if (!typed.variants.length || typed.text.length < MIN_QUERY_LENGTH) return EMPTY_RESULT(typed.text);
  return { query: typed.text, ...(await searchRecent(services, typed, options.limitPerKind)) };
}

function searchRecent(services: AppServices, typed: PreparedQuery, limitPerKind: number): Promise<Omit<SearchResult, 'query'>> {
  const key = [limitPerKind, ...typed.variants.map((v) => `${v.folded}|${v.plain}`)].join('\n');
  return recentResults.get(services.db, key, () => searchSources(services, typed, limitPerKind));
}

async function searchSources(services: AppServices, typed: PreparedQuery, limitPerKind: number): Promise<Omit<SearchResult, 'query'>> {
  const candidates = typoCandidates(typed);
  const query = candidates.length ? withCorrections(typed, nearestKnownWords(candidates, (await vocabulary(services.db)).known)) : typed;
  const kinds = SEARCH_KINDS.filter((kind) => sources.has(kind));
  const found = await Promise.all(kinds.map((kind) => sources.get(kind)!.find(services, query, limitPerKind)));
  const groups = kinds
    .map((kind, i) => ({
      kind,
      title: SEARCH_KIND_TITLES[kind],
      total: found[i]!.total,
      hits: found[i]!.hits.map(({ rank: _rank, ...hit }) => ({ ...hit, kind, marks: highlightRanges(hit.title, query.terms) })),
    }))
    .filter((g) => g.total > 0);
  if (groups.length) return { groups, suggestions: [], didYouMean: null };
  // Nothing found: the nearest spelling that finds something, and the main categories to go on from.
  const [didYouMean, top] = await Promise.all([spellingThatFinds(services, typed, limitPerKind), machineryTopCategories(services)]);
  return { groups, suggestions: top.slice(0, SUGGESTIONS).map((c) => ({ title: c.name, link: c.link })), didYouMean };
}

/**
 * The query spelt with the catalogue's and the parts' nearest words (`nearestSpelling`: 'фильтер'
 * → 'фильтр'), when that finds something. It is searched as any query is, so following the offer
 * within seconds costs no statement; its own words are the vocabulary's, so it offers no spelling
 * in turn. Only a query that found nothing pays for it.
 */
async function spellingThatFinds(services: AppServices, typed: PreparedQuery, limitPerKind: number): Promise<string | null> {
  const spelt = typed.variants[0] ? nearestSpelling(typed.variants[0], (await vocabulary(services.db)).spelling) : null;
  if (!spelt) return null;
  const found = await searchRecent(services, prepareQuery(spelt), limitPerKind);
  return found.groups.length ? spelt : null;
}
