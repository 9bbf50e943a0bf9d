import { z } from '#app/lib/zod.ts';
import { MAX_IDS_PER_LIST } from './filters.rules.ts';

/**
 * What the filter endpoints accept (spec §7 POST /filter/get-sidebar-filters, /get-filter-info,
 * /filtration-model-lines). The filter itself comes as the §3 query keys, either as the body's own
 * fields (JSON `{ "techniqueTypes[]": [1, 2], "inStock": 1 }` or a urlencoded form) or as one
 * `query` string (the page's `location.search`); the codec (filters.rules.ts) reads either.
 */

export const FILTER_MESSAGES = {
  target: 'Укажите категорию (categoryId) или модельную линейку (modelLineId)',
  category: 'Укажите категорию (categoryId)',
  id: 'Некорректный идентификатор',
  tooMany: (key: string) => `Слишком много значений в «${key}»: не больше ${MAX_IDS_PER_LIST}`,
  value: (key: string) => `Некорректное значение фильтра «${key}»`,
  tooManyKeys: 'Слишком много параметров фильтра',
  query: 'Слишком длинная строка фильтра',
} as const;

/** More distinct keys than the §3 list could ever need. */
const MAX_KEYS = 60;
const MAX_VALUE_LENGTH = 200;
const MAX_QUERY_LENGTH = 8_000;

/** A positive 32-bit id as JSON (number) or a form (text) sends it; empty means absent. */
const id = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number({ error: FILTER_MESSAGES.id }).int({ error: FILTER_MESSAGES.id }).min(1, { error: FILTER_MESSAGES.id }).max(2_147_483_647, { error: FILTER_MESSAGES.id }).optional(),
);

export const filterTargetInput = z.object({ categoryId: id, modelLineId: id })
  .refine((v) => v.categoryId !== undefined || v.modelLineId !== undefined, { error: FILTER_MESSAGES.target });

/** The model line page sends its line (and may send its category too): the line is the narrower scope. */
export function filterTarget(v: z.infer<typeof filterTargetInput>): { modelLineId: number } | { categoryId: number } {
  return v.modelLineId !== undefined ? { modelLineId: v.modelLineId } : { categoryId: v.categoryId! };
}

/** Spec §7 {categoryId, manufacturerId}; no manufacturer (or 0) means every manufacturer. */
export const modelLinesInput = z.object({
  categoryId: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ error: FILTER_MESSAGES.category }).int({ error: FILTER_MESSAGES.id }).min(1, { error: FILTER_MESSAGES.id }).max(2_147_483_647, { error: FILTER_MESSAGES.id })),
  manufacturerId: z.preprocess((v) => (v === '' || v === null || v === 0 || v === '0' ? undefined : v), id),
});

/** Keys that name the request, not the filter. */
const NOT_FILTER = new Set(['categoryId', 'modelLineId', 'query', '_csrf']);

type Scalar = string | number | boolean;
const isScalar = (v: unknown): v is Scalar => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'boolean';

/**
 * The filter part of a body as URL parameters, refusing what no page sends: nested objects, more
 * than MAX_IDS_PER_LIST values for one key, overlong values or queries. What is merely malformed
 * (a range 'a-5', an unknown id) passes here and is dropped by the codec.
 */
export function filterParamsOf(body: Record<string, unknown> | URLSearchParams): { ok: true; params: URLSearchParams } | { ok: false; message: string } {
  const entries = new Map<string, unknown[]>();
  if (body instanceof URLSearchParams) {
    for (const [key, value] of body) entries.set(key, [...(entries.get(key) ?? []), value]);
  } else {
    for (const [key, value] of Object.entries(body)) entries.set(key, Array.isArray(value) ? value : [value]);
  }
  if (entries.size > MAX_KEYS) return { ok: false, message: FILTER_MESSAGES.tooManyKeys };
  const params = new URLSearchParams();
  for (const [key, values] of entries) {
    if (NOT_FILTER.has(key)) continue;
    if (values.length > MAX_IDS_PER_LIST) return { ok: false, message: FILTER_MESSAGES.tooMany(key) };
    for (const v of values) {
      if (v === null || v === undefined) continue;
      if (!isScalar(v) || String(v).length > MAX_VALUE_LENGTH) return { ok: false, message: FILTER_MESSAGES.value(key) };
      // A JSON true is the URL's 1 (inStock, isWithPrice).
      params.append(key, v === true ? '1' : v === false ? '0' : String(v));
    }
  }
  const rawQuery = body instanceof URLSearchParams ? body.get('query') : body.query;
  if (rawQuery !== undefined && rawQuery !== null) {
    if (typeof rawQuery !== 'string') return { ok: false, message: FILTER_MESSAGES.value('query') };
    if (rawQuery.length > MAX_QUERY_LENGTH) return { ok: false, message: FILTER_MESSAGES.query };
    const fromQuery = new URLSearchParams(rawQuery.startsWith('?') ? rawQuery.slice(1) : rawQuery);
    const counts = new Map<string, number>();
    for (const [key, value] of fromQuery) {
      const n = (counts.get(key) ?? 0) + 1;
      if (n > MAX_IDS_PER_LIST) return { ok: false, message: FILTER_MESSAGES.tooMany(key) };
      counts.set(key, n);
      params.append(key, value);
    }
  }
  return { ok: true, params };
}
