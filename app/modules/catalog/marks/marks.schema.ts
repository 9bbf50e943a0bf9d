import { z } from '#app/lib/zod.ts';
import type { ModelCardView } from '../catalog.schema.ts';
import type { CurrencyCode } from '#app/lib/money.ts';
import { COMPARE_CODES_MAX, MARKS_MESSAGES } from './marks.constants.ts';

/** One model of the catalogue, as every mark endpoint receives it. */
const modelId = z.coerce
  .number({ error: MARKS_MESSAGES.badModelId })
  .int({ error: MARKS_MESSAGES.badModelId })
  .positive({ error: MARKS_MESSAGES.badModelId })
  .max(2_147_483_647, { error: MARKS_MESSAGES.badModelId });

/** POST bodies: `{ modelId }` (JSON numbers or form strings; a form's _csrf field is ignored). */
export const modelMarkInput = z.object({ modelId }, { error: MARKS_MESSAGES.badModelId });

const partId = z.coerce
  .number({ error: MARKS_MESSAGES.badPartId })
  .int({ error: MARKS_MESSAGES.badPartId })
  .positive({ error: MARKS_MESSAGES.badPartId })
  .max(2_147_483_647, { error: MARKS_MESSAGES.badPartId });

/**
 * The favourites' POST bodies: `{ modelId }` (a model, as before) or `{ partId }` (a part), exactly
 * one of them.
 */
export const bookmarkInput = z.object({ modelId: modelId.optional(), partId: partId.optional() }, { error: MARKS_MESSAGES.badBookmarkTarget })
  .refine((b) => (b.modelId === undefined) !== (b.partId === undefined), { error: MARKS_MESSAGES.badBookmarkTarget })
  .transform((b): { kind: 'model'; id: number } | { kind: 'part'; id: number } =>
    b.modelId !== undefined ? { kind: 'model', id: b.modelId } : { kind: 'part', id: b.partId! });

/** A shared comparison's models joining the visitor's own: `{ modelIds: [..] }`, at most as many as an address may carry. */
export const modelIdsInput = z.object({
  modelIds: z.array(modelId, { error: MARKS_MESSAGES.badModelIds }).min(1, { error: MARKS_MESSAGES.badModelIds }).max(COMPARE_CODES_MAX, { error: MARKS_MESSAGES.badModelIds }),
}, { error: MARKS_MESSAGES.badModelIds });

/** GET get-browsing-history {modelId}: the model to leave out is optional (the parts page has none). */
export const browsingHistoryQuery = z.object({ modelId: modelId.optional(), region_id: z.string().optional() });

/** What a visitor has marked: the ids the buttons of any page need to show their state. */
export interface MarksState {
  compare: number[];
  /** Favourite models. */
  bookmarks: number[];
  /** Favourite parts (issue 9 point 10). */
  partBookmarks: number[];
}

/** One row of the comparison table: a specification and each model's value ('—' where it has none). */
export interface CompareRow {
  specId: number;
  name: string;
  unit: string | null;
  values: (string | null)[];
}

/** Models of one technique type side by side (the comparison groups by type: tractors with tractors). */
export interface CompareGroup {
  typeId: number;
  typeName: string;
  models: ModelCardView[];
  rows: CompareRow[];
}

export interface ComparePageData {
  groups: CompareGroup[];
  /** The codes as the address should carry them (known codes, in the visitor's order). */
  codes: string[];
  notices: string[];
  /** Signed in: prices show in the table. */
  withPrices: boolean;
}

/**
 * A favourite part as 'Избранное' shows it (the parts module's rows answer it): code, name, maker,
 * 1C code, price and stock at the visitor's branch, pieces elsewhere.
 */
export interface BookmarkedPart {
  id: number;
  code: string;
  name: string;
  manufacturer: string;
  oneCCode: string | null;
  link: string;
  here: { currency: CurrencyCode; price: number | null; oldPrice: number | null; quantity: number; expectedDate: string | null } | null;
  elsewhereQuantity: number;
}
