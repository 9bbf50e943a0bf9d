/**
 * Pure rules of the model page: how a specification value is written, in which order the branches'
 * stock is listed, what the page's head says. Shared by the server (page data, JSON endpoints) and
 * the browser (the similar-models filter).
 */

import type { SimilarModelsFilter } from './model.schema.ts';


/** How many specifications the top of the page shows as key facts (the highest priority ones). */
export const KEY_FACTS_COUNT = 4;

/** Similar models on a model page (issue point 9). */
export const SIMILAR_MODELS_LIMIT = 8;

export interface BranchPlace { id: number; name: string; city: string; countryId: number }

/**
 * The branches of the stock table: the visitor's own first, then the others of the same country,
 * then the rest; within a group by name, the Russian way. Stable and independent of the data's order.
 */
export function orderBranches<T extends { branch: BranchPlace }>(rows: readonly T[], current: { id: number | null; countryId: number }): T[] {
  const rank = (b: BranchPlace) => (b.id === current.id ? 0 : b.countryId === current.countryId ? 1 : 2);
  return [...rows].sort((a, b) => rank(a.branch) - rank(b.branch) || a.branch.name.localeCompare(b.branch.name, 'ru') || a.branch.id - b.branch.id);
}

export type StockState =
  | { kind: 'in-stock'; quantity: number }
  | { kind: 'expected'; date: string }
  | { kind: 'none' };

/** What the stock line says at one branch: a quantity, an expected date, or nothing. */
export function stockState(row: { quantity: number; expectedDate: string | null } | null): StockState {
  if (row && row.quantity > 0) return { kind: 'in-stock', quantity: row.quantity };
  if (row?.expectedDate) return { kind: 'expected', date: row.expectedDate };
  return { kind: 'none' };
}

const dayMonth = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'В наличии: 3 шт.', 'Ожидается 5 декабря 2026 г.', 'Нет в наличии'. */
export function stockLabel(state: StockState): string {
  switch (state.kind) {
    case 'in-stock': return `В наличии: ${state.quantity} шт.`;
    case 'expected': return `Ожидается ${dayMonth.format(new Date(`${state.date}T00:00:00Z`))}`;
    case 'none': return 'Нет в наличии';
  }
}

/**
 * The page title: the model, its maker and where the visitor buys it. The branch name is used as a
 * name ('филиал «Смоленск»'), since Russian city names would need declension after 'в'.
 */
export function modelTitle(model: string, manufacturer: string, branch: { id: number | null; name: string }): string {
  const where = branch.id === null ? 'у официального дилера' : `в филиале «${branch.name}»`;
  return `${model} — ${manufacturer}, купить ${where}`;
}

/** The meta description: the model's own text, cut on a word at about 160 characters. */
export function modelDescription(model: string, manufacturer: string, text: string): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  const base = plain || `${model} (${manufacturer}): характеристики, цена и наличие в филиалах официального дилера.`;
  if (base.length <= 160) return base;
  const cut = base.slice(0, 157);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 100 ? cut.lastIndexOf(' ') : 157)}…`;
}

/** The gallery's next image for a key press: arrows move and wrap around, Home and End jump. */
export function galleryStep(index: number, count: number, key: string): number | null {
  if (count <= 0) return null;
  switch (key) {
    case 'ArrowRight': return (index + 1) % count;
    case 'ArrowLeft': return (index - 1 + count) % count;
    case 'Home': return 0;
    case 'End': return count - 1;
    default: return null;
  }
}

/**
 * The filter of similar models written as the endpoint's query keys (the page's filter uses it in the
 * browser: it lives here, not beside the zod schema, so the page does not load zod).
 */
export function similarQueryString(modelId: number, filter: SimilarModelsFilter): string {
  const params = new URLSearchParams({ modelId: String(modelId) });
  for (const id of filter.specifications ?? []) params.append('filter[specifications][]', String(id));
  if (filter.inStock) params.set('filter[inStock]', '1');
  if (filter.sameManufacturer) params.set('filter[sameManufacturer]', '1');
  return params.toString();
}
