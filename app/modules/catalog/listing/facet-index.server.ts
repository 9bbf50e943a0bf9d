import { keptPerDb } from '#app/.server/cache.ts';
import { MODEL_TABLES, OFFER_TABLES } from '../cards.server.ts';
import type { DB } from '#app/.server/db/connect.ts';
import type { SortOrder } from './listing.schema.ts';
import {
  selectIndexOffers, selectIndexSnapshot,
  type IndexModelRow, type ListingQuery,
} from './listing.queries.server.ts';

/**
 * The list filters' index: the catalogue's models with their specification values (and, per branch,
 * their prices and stock) held in memory, so that the sidebar's faceted counts and a list's order
 * for any filter state are computed here in a millisecond or two instead of a statement that reads
 * every model of the scope and its values (about 20 ms for a category of 2,600 models at 10,000).
 * The parts catalogue filters the same way at a larger scale.
 *
 * Freshness: the models and their values are read again after MODELS_TTL_MS, the prices and stock
 * of a branch after OFFERS_TTL_MS; the cards a page shows are held as long (cards.server.ts), so a
 * change shows within these times on the cards, in the counts and in the order.
 * Semantics are those of ADR 024: each option counts the models choosing it would give with the
 * OTHER chosen filters; the lists show every option of the scope, with 0 where nothing matches.
 */

/** One row of the sidebar: an option of a list with its count, a flag's count, or a specification's value or bounds. */
export interface FacetRow {
  g: 'tt' | 'man' | 'line' | 'cat' | 'models' | 'stock' | 'inStock' | 'isWithPrice' | 'total' | 'spec';
  id: number;
  /** Text specifications: the value. */
  v: string | null;
  n: number;
  lo: number | null;
  hi: number | null;
  name: string | null;
  ord: number | null;
  unit: string | null;
  kind: 'number' | 'text' | null;
  slug: string | null;
  img: string | null;
}

interface IndexedModel {
  id: number;
  line: number;
  tt: number;
  man: number;
  cat: number;
  sort: number;
  lineSort: number;
  created: number;
  nameRank: number;
  name: string;
  slug: string;
  img: string | null;
  specIds: Int32Array;
  nums: (number | null)[];
  texts: (string | null)[];
}

interface Snapshot {
  models: IndexedModel[];
  byLine: Map<number, IndexedModel[]>;
  byCategory: Map<number, IndexedModel[]>;
  names: Map<string, { name: string; ord: number }>;
  specs: Map<number, { name: string; unit: string | null; kind: 'number' | 'text'; priority: number }>;
}

interface Offer { price: number | null; inStock: boolean; discounted: boolean; super: boolean }
const NO_OFFER: Offer = { price: null, inStock: false, discounted: false, super: false };

function indexModels(rows: IndexModelRow[], names: Snapshot['names'], specs: Snapshot['specs']): Snapshot {
  const models = rows.map((r): IndexedModel => ({
    id: r.id, line: r.line, tt: r.tt, man: r.man, cat: r.cat, sort: r.sort, lineSort: r.line_sort,
    created: r.created, nameRank: r.name_rank, name: r.name, slug: r.slug, img: r.img,
    specIds: Int32Array.from(r.specs, (s) => s[0]), nums: r.specs.map((s) => s[1]), texts: r.specs.map((s) => s[2]),
  }));
  const group = (key: (m: IndexedModel) => number) => {
    const out = new Map<number, IndexedModel[]>();
    for (const m of models) {
      const list = out.get(key(m));
      if (list) list.push(m); else out.set(key(m), [m]);
    }
    return out;
  };
  return { models, byLine: group((m) => m.line), byCategory: group((m) => m.cat), names, specs };
}

/** The models and their specifications, and each branch's offers: kept until they change (ADR 070). */
const snapshotKept = keptPerDb<Snapshot>({ readsFrom: MODEL_TABLES });
const offersKept = keptPerDb<Map<number, Offer>>({ readsFrom: OFFER_TABLES, maxEntries: 100 });

const snapshotOf = (db: DB): Promise<Snapshot> => snapshotKept.get(db, '', async () => {
  const { models, names, specs } = await selectIndexSnapshot(db);
  return indexModels(
    models,
    new Map(names.map((n) => [`${n.g}:${n.id}`, { name: n.name, ord: n.ord }])),
    new Map(specs.map((s) => [s.id, { name: s.name, unit: s.unit, kind: s.kind, priority: s.priority }])),
  );
});

function offersOf(db: DB, branchId: number | null): Promise<Map<number, Offer>> {
  if (branchId === null) return Promise.resolve(new Map());
  return offersKept.get(db, String(branchId), async () => new Map((await selectIndexOffers(db, branchId)).map((r) => [r.model_id, {
    price: r.price,
    inStock: (r.quantity ?? 0) > 0,
    discounted: r.old_price !== null && r.price !== null && r.old_price > r.price,
    super: r.super_price ?? false,
  }])));
}

/* ——— Evaluating a filter state ——— */

type GroupKey = 'tt' | 'man' | 'line' | 'cat' | 'models' | 'stock' | 'inStock' | 'isWithPrice' | `spec:${number}`;
interface Group { key: GroupKey; holds: (m: IndexedModel, o: Offer) => boolean }

function hasSpec(m: IndexedModel, specId: number, test: (num: number | null, text: string | null) => boolean): boolean {
  for (let i = 0; i < m.specIds.length; i++) if (m.specIds[i] === specId && test(m.nums[i]!, m.texts[i]!)) return true;
  return false;
}

/** The chosen filters as conditions, one per group (a specification's range and values are one group). */
function groupsOf(q: ListingQuery): Group[] {
  const { state } = q;
  const groups: Group[] = [];
  const inSet = (ids: readonly number[]) => new Set(ids);
  if (state.techniqueTypes.length) { const s = inSet(state.techniqueTypes); groups.push({ key: 'tt', holds: (m) => s.has(m.tt) }); }
  if (state.techniqueManufacturers.length) { const s = inSet(state.techniqueManufacturers); groups.push({ key: 'man', holds: (m) => s.has(m.man) }); }
  if (state.techniqueModelLines.length) { const s = inSet(state.techniqueModelLines); groups.push({ key: 'line', holds: (m) => s.has(m.line) }); }
  if (state.categories.length) { const s = inSet(q.chosenCategories); groups.push({ key: 'cat', holds: (m) => s.has(m.cat) }); }
  if (state.models.length) { const s = inSet(state.models); groups.push({ key: 'models', holds: (m) => s.has(m.id) }); }
  if (state.stock.length) {
    // Stock options 1 'Товар со скидкой' and 2 'Суперцена': either chosen one will do.
    const discount = state.stock.includes(1);
    const superPrice = state.stock.includes(2);
    groups.push({ key: 'stock', holds: (_, o) => (discount && o.discounted) || (superPrice && o.super) });
  }
  if (state.inStock) groups.push({ key: 'inStock', holds: (_, o) => o.inStock });
  if (state.isWithPrice) groups.push({ key: 'isWithPrice', holds: (_, o) => o.price !== null });
  const specConditions = new Map<number, ((m: IndexedModel) => boolean)[]>();
  const addSpec = (specId: number, condition: (m: IndexedModel) => boolean) => specConditions.set(specId, [...(specConditions.get(specId) ?? []), condition]);
  for (const r of state.ranges) {
    addSpec(r.specId, (m) => hasSpec(m, r.specId, (num) => num !== null && (r.from === null || num >= r.from) && (r.to === null || num <= r.to)));
  }
  for (const v of state.specValues) {
    const values = new Set(v.values);
    // A specification is either number or text; should a URL carry both, both must hold.
    addSpec(v.specId, (m) => hasSpec(m, v.specId, (_, text) => text !== null && values.has(text)));
  }
  for (const [specId, conditions] of specConditions) groups.push({ key: `spec:${specId}`, holds: (m) => conditions.every((c) => c(m)) });
  return groups;
}

function scopeModels(snapshot: Snapshot, q: ListingQuery): IndexedModel[] {
  if (q.scope.kind === 'line') return snapshot.byLine.get(q.scope.id) ?? [];
  return q.scope.ids.flatMap((id) => snapshot.byCategory.get(id) ?? []);
}

/**
 * Which group each model of the scope fails: -1 none, the group's index when exactly one, -2 for
 * two or more (such a model counts for no option at all).
 */
function failures(models: IndexedModel[], offers: Map<number, Offer>, groups: Group[]): Int32Array {
  const out = new Int32Array(models.length);
  for (let i = 0; i < models.length; i++) {
    const m = models[i]!;
    const o = offers.get(m.id) ?? NO_OFFER;
    let failed = -1;
    for (let g = 0; g < groups.length; g++) {
      if (!groups[g]!.holds(m, o)) {
        if (failed !== -1) { failed = -2; break; }
        failed = g;
      }
    }
    out[i] = failed;
  }
  return out;
}

/** The sidebar's rows (the shape ADR 024's statement gave), computed in memory. */
export async function indexFacets(db: DB, q: ListingQuery, modelsOfLine: number | null): Promise<FacetRow[]> {
  const [snapshot, offers] = await Promise.all([snapshotOf(db), offersOf(db, q.branchId)]);
  const models = scopeModels(snapshot, q);
  const groups = groupsOf(q);
  const failed = failures(models, offers, groups);
  const groupIndex = new Map(groups.map((g, i) => [g.key, i]));
  /** Whether model i counts for an option of `own` (its own group's condition left out). */
  const countsFor = (i: number, own: GroupKey | null) => failed[i] === -1 || (own !== null && failed[i] === groupIndex.get(own));

  const rows: FacetRow[] = [];
  const blank = { v: null, lo: null, hi: null, unit: null, kind: null, slug: null, img: null } as const;
  const list = (g: 'tt' | 'man' | 'line' | 'cat', value: (m: IndexedModel) => number) => {
    const counts = new Map<number, number>();
    for (let i = 0; i < models.length; i++) {
      const id = value(models[i]!);
      counts.set(id, (counts.get(id) ?? 0) + (countsFor(i, g) ? 1 : 0));
    }
    for (const [id, n] of counts) {
      const named = snapshot.names.get(`${g}:${id}`);
      if (named) rows.push({ ...blank, g, id, n, name: named.name, ord: named.ord });
    }
  };
  list('tt', (m) => m.tt);
  list('man', (m) => m.man);
  list('line', (m) => m.line);
  list('cat', (m) => m.cat);
  if (modelsOfLine !== null) {
    for (let i = 0; i < models.length; i++) {
      const m = models[i]!;
      if (m.line === modelsOfLine) rows.push({ ...blank, g: 'models', id: m.id, n: countsFor(i, 'models') ? 1 : 0, name: m.name, ord: m.sort, slug: m.slug, img: m.img });
    }
  }

  const flag = (g: FacetRow['g'], id: number, own: GroupKey | null, holds: (o: Offer) => boolean) => {
    let n = 0;
    for (let i = 0; i < models.length; i++) if (holds(offers.get(models[i]!.id) ?? NO_OFFER) && countsFor(i, own)) n++;
    rows.push({ ...blank, g, id, n, name: null, ord: null });
  };
  flag('stock', 1, 'stock', (o) => o.discounted);
  flag('stock', 2, 'stock', (o) => o.super);
  flag('inStock', 0, 'inStock', (o) => o.inStock);
  flag('isWithPrice', 0, 'isWithPrice', (o) => o.price !== null);
  flag('total', 0, null, () => true);

  // Specification values: a value counts a model when every filter but this specification's own holds.
  const specs = new Map<string, { specId: number; v: string | null; n: number; lo: number | null; hi: number | null }>();
  for (let i = 0; i < models.length; i++) {
    const m = models[i]!;
    for (let k = 0; k < m.specIds.length; k++) {
      const specId = m.specIds[k]!;
      const v = m.texts[k]!;
      const key = v === null ? `${specId}` : `${specId}\u0000${v}`;
      let entry = specs.get(key);
      if (!entry) specs.set(key, (entry = { specId, v, n: 0, lo: null, hi: null }));
      if (!countsFor(i, `spec:${specId}`)) continue;
      entry.n++;
      const num = m.nums[k]!;
      if (num !== null) {
        entry.lo = entry.lo === null ? num : Math.min(entry.lo, num);
        entry.hi = entry.hi === null ? num : Math.max(entry.hi, num);
      }
    }
  }
  for (const e of specs.values()) {
    const spec = snapshot.specs.get(e.specId);
    if (spec) rows.push({ g: 'spec', id: e.specId, v: e.v, n: e.n, lo: e.lo, hi: e.hi, name: spec.name, ord: -spec.priority, unit: spec.unit, kind: spec.kind, slug: null, img: null });
  }
  return rows;
}

const ORDERS: Record<SortOrder, (a: { m: IndexedModel; o: Offer }, b: { m: IndexedModel; o: Offer }) => number> = {
  'price-asc': (a, b) => nullsLast(a.o.price, b.o.price, 1) || a.m.id - b.m.id,
  'price-desc': (a, b) => nullsLast(a.o.price, b.o.price, -1) || a.m.id - b.m.id,
  name: (a, b) => a.m.nameRank - b.m.nameRank,
  new: (a, b) => b.m.created - a.m.created || b.m.id - a.m.id,
  popular: (a, b) => Number(b.o.inStock) - Number(a.o.inStock) || a.m.lineSort - b.m.lineSort || a.m.sort - b.m.sort || a.m.id - b.m.id,
};

function nullsLast(a: number | null, b: number | null, direction: 1 | -1): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return (a - b) * direction;
}

/** Every model the state gives, in the list's order (the price orders need sign-in: the caller decides). */
export async function indexOrder(db: DB, q: ListingQuery, sortOrder: SortOrder): Promise<Int32Array> {
  const [snapshot, offers] = await Promise.all([snapshotOf(db), offersOf(db, q.branchId)]);
  const models = scopeModels(snapshot, q);
  const groups = groupsOf(q);
  const matching: { m: IndexedModel; o: Offer }[] = [];
  for (const m of models) {
    const o = offers.get(m.id) ?? NO_OFFER;
    if (groups.every((g) => g.holds(m, o))) matching.push({ m, o });
  }
  matching.sort(ORDERS[sortOrder]);
  return Int32Array.from(matching, (x) => x.m.id);
}

/** The first models of a line in the editors' order (the model line page's slider). */
export async function indexLineModels(db: DB, lineId: number, limit: number): Promise<number[]> {
  const snapshot = await snapshotOf(db);
  return [...snapshot.byLine.get(lineId) ?? []].sort((a, b) => a.sort - b.sort || a.id - b.id).slice(0, limit).map((m) => m.id);
}
