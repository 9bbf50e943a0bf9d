import { plural } from '#app/lib/plural.ts';
import type { FilterOption, FilterTarget, PageSidebarFilters, SidebarFilters } from '../listing.schema.ts';

/** Spec §9: filter lists show 5 entries at first; the models list 3. */
export const FILTER_LIST_LIMIT = 5;
export const MODEL_FILTER_LIST_LIMIT = 3;

/** Range inputs apply this long after the last keystroke (and at once on blur or Enter). */
export const RANGE_APPLY_DELAY_MS = 800;


export function modelCountLabel(n: number): string {
  return `${n.toLocaleString('ru-RU')} ${plural(n, 'модель', 'модели', 'моделей')}`;
}

/**
 * The entries a collapsed list shows: the first `limit`, and any checked entry beyond them, so a
 * chosen option never hides behind 'Показать все'.
 */
export function visibleOptions<T extends Pick<FilterOption, 'checked'>>(options: readonly T[], limit: number, expanded: boolean): T[] {
  if (expanded || options.length <= limit) return [...options];
  return options.filter((o, i) => i < limit || o.checked);
}

/** The id lists a page cuts, with their limits (the stock options are two: never cut). */
const CUT_LISTS = [
  ['techniqueTypes', FILTER_LIST_LIMIT], ['techniqueManufacturers', FILTER_LIST_LIMIT], ['techniqueModelLines', FILTER_LIST_LIMIT],
  ['categories', FILTER_LIST_LIMIT], ['manufacturers', FILTER_LIST_LIMIT], ['drawings', FILTER_LIST_LIMIT], ['models', MODEL_FILTER_LIST_LIMIT],
] as const;

/** The sidebar as a page sends it: every list cut to its collapsed entries, with what each leaves out. */
export function cutForPage(filters: SidebarFilters, target: FilterTarget): PageSidebarFilters {
  const hidden: Record<string, number> = {};
  const cut = <T extends { checked: boolean }>(name: string, list: T[], limit: number): T[] => {
    const shown = visibleOptions(list, limit, false);
    if (shown.length < list.length) hidden[name] = list.length - shown.length;
    return shown;
  };
  const out: PageSidebarFilters = { ...filters, hidden, target };
  for (const [name, limit] of CUT_LISTS) (out[name] as { checked: boolean }[]) = cut(name, filters[name], limit);
  out.specifications = filters.specifications.map((spec) => (spec.values.length > FILTER_LIST_LIMIT ? { ...spec, values: cut(`spec:${spec.id}`, spec.values, FILTER_LIST_LIMIT) } : spec));
  return out;
}

/** An option with no models under the other filters cannot be chosen, unless it already is. */
export function optionDisabled(option: { count: number; checked: boolean }): boolean {
  return option.count === 0 && !option.checked;
}

/**
 * Page numbers around the current page for the pagination: the first, the last, two either side
 * of the current one, and null for a gap ('…').
 */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  if (pageCount <= 1) return [];
  const wanted = new Set([1, pageCount]);
  for (let p = page - 2; p <= page + 2; p++) if (p >= 1 && p <= pageCount) wanted.add(p);
  const pages = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of pages) {
    const prev = out[out.length - 1];
    if (typeof prev === 'number' && p - prev === 2) out.push(prev + 1);
    else if (typeof prev === 'number' && p - prev > 2) out.push(null);
    out.push(p);
  }
  return out;
}

/**
 * A range bound as the visitor typed it: empty → null (the bound goes, spec §4), a number with a
 * comma or spaces ('1 500,5') → 1500.5, anything else → undefined (ignored, the field is marked).
 */
export function parseRangeInput(text: string): number | null | undefined {
  const cleaned = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (cleaned === '') return null;
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return undefined;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : undefined;
}

const NUMBER = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

export function formatNumber(n: number): string {
  return NUMBER.format(n);
}
