import { z } from 'zod';
import { ROW_CODE_LABELS } from './pricelist.constants.ts';

/*
 * What a list's processing writes down (`suppliers_file.report`, ADR 096): the check report's lines
 * as the supplier reads them (labels in Russian, written when the list was checked), why the list
 * waits for an acknowledgement, and the steps of the processing with their times — the processing
 * log of spec §2 `/suppliers/processing-logs/{id}`.
 */

const line = z.object({ code: z.string(), label: z.string(), count: z.number().optional(), detail: z.string().optional() });
const step = z.object({
  step: z.string(), label: z.string(), startedAt: z.string(), ms: z.number(),
  count: z.number().optional(), error: z.string().optional(),
});

/** How the first file or sheet's columns were read: its header's cells and each field's column. */
const mapping = z.object({
  headerLine: z.number().nullable(),
  headers: z.array(z.string()),
  columns: z.record(z.string(), z.number()),
  /** Whether the columns came from the organisation's saved template. */
  fromTemplate: z.boolean(),
});
export type StoredMapping = z.infer<typeof mapping>;

export const fileReport = z.object({
  lines: z.array(line).default([]),
  held: z.array(z.string()).default([]),
  steps: z.array(step).default([]),
  mapping: mapping.optional(),
});
export type FileReport = z.infer<typeof fileReport>;
export type ProcessingStep = z.infer<typeof step>;

/** A stored report as the screens show it; anything unreadable shows as an empty report. */
export function reportView(stored: unknown): FileReport {
  const parsed = fileReport.safeParse(stored ?? {});
  return parsed.success ? parsed.data : { lines: [], held: [], steps: [] };
}

export const STEP_LABELS: Record<string, string> = {
  receive: 'Получение файла',
  read: 'Чтение и проверка строк',
  match: 'Сопоставление с каталогом',
  decide: 'Решение о публикации',
  publish: 'Публикация',
};

/** A row code's label for the positions' list (the check's own labels, ADR 094). */
export function problemLabel(code: string): string {
  return (ROW_CODE_LABELS as Record<string, string>)[code] ?? code;
}
