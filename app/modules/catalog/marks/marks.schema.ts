import { z } from '#app/lib/zod.ts';
import type { ModelCardView } from '../catalog.schema.ts';
import { MARKS_MESSAGES } from './marks.constants.ts';

/** One model of the catalogue, as every mark endpoint receives it. */
const modelId = z.coerce
  .number({ error: MARKS_MESSAGES.badModelId })
  .int({ error: MARKS_MESSAGES.badModelId })
  .positive({ error: MARKS_MESSAGES.badModelId })
  .max(2_147_483_647, { error: MARKS_MESSAGES.badModelId });

/** POST bodies: `{ modelId }` (JSON numbers or form strings; a form's _csrf field is ignored). */
export const modelMarkInput = z.object({ modelId }, { error: MARKS_MESSAGES.badModelId });
export type ModelMarkInput = z.infer<typeof modelMarkInput>;

/** GET get-browsing-history {modelId}: the model to leave out is optional (the parts page has none). */
export const browsingHistoryQuery = z.object({ modelId: modelId.optional(), region_id: z.string().optional() });

/** What a visitor has marked: the ids the buttons of any page need to show their state. */
export interface MarksState {
  compare: number[];
  bookmarks: number[];
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
