import { z } from '#app/lib/zod.ts';
import { PARTS_HISTORY_MESSAGES } from './history.constants.ts';

const id = z.coerce
  .number({ error: PARTS_HISTORY_MESSAGES.badItem })
  .int({ error: PARTS_HISTORY_MESSAGES.badItem })
  .positive({ error: PARTS_HISTORY_MESSAGES.badItem })
  .max(2_147_483_647, { error: PARTS_HISTORY_MESSAGES.badItem });

/** What a parts page reports it showed: a part (`{ partId }`) or a model line's parts catalogue (`{ lineId }`), exactly one. */
export const partsViewInput = z.object({ partId: id.optional(), lineId: id.optional() }, { error: PARTS_HISTORY_MESSAGES.badItem })
  .refine((v) => (v.partId === undefined) !== (v.lineId === undefined), { error: PARTS_HISTORY_MESSAGES.badItem })
  .transform((v): PartsViewItem => (v.partId !== undefined ? { kind: 'part', id: v.partId } : { kind: 'line', id: v.lineId! }));
export type PartsViewItem = { kind: 'part' | 'line'; id: number };

export interface ViewedPart { id: number; code: string; name: string; link: string }
export interface ViewedLine { id: number; name: string; manufacturer: string; link: string }
/** The parts landing's 'Вы смотрели', newest first. */
export interface PartsHistory { parts: ViewedPart[]; lines: ViewedLine[] }
