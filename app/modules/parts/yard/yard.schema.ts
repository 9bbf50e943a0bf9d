import { z } from '#app/lib/zod.ts';
import { parseStrictInt, strictInt } from '#app/lib/strict-number.ts';
import { textField } from '#app/lib/text.ts';
import { MODEL_QUERY_MAX_LENGTH, NAME_MAX_LENGTH, SERIAL_MAX_LENGTH, YARD_MESSAGES as M, YEAR_MIN } from './yard.constants.ts';
import { normalizeSerial, serialProblem, type ModelChoice } from './yard.rules.ts';
import type { FitReason, FitState } from './fit.rules.ts';

export type { ModelChoice };

/*
 * One schema per input, shared by the browser (the form's messages as the user types) and the
 * server (the route action and the API). The year's upper bound moves with the clock, so the
 * schemas that hold it are made for a year: the page gets it from its loader.
 */

const SERIAL_PROBLEM_MESSAGE = { required: M.serialRequired, tooLong: M.serialTooLong, chars: M.serialChars } as const;

/** Serial number: no control characters, trimmed, spaces collapsed, upper case; 1–32 letters, digits, dashes, spaces. */
export const serialField = textField('Серийный номер', { error: M.serialRequired })
  // Far past the limit is refused before any work on it.
  .max(SERIAL_MAX_LENGTH * 4, M.serialTooLong)
  .transform((value, ctx) => {
    const serial = normalizeSerial(value);
    const problem = serialProblem(serial);
    if (problem) {
      ctx.issues.push({ code: 'custom', message: SERIAL_PROBLEM_MESSAGE[problem], input: value });
      return z.NEVER;
    }
    return serial;
  });

/** Year of manufacture, optional: nothing, '' or null → null; digits or a number in 1950 … maxYear. */
export function yearField(maxYear: number) {
  return z.unknown().transform((value, ctx) => {
    if (value === undefined || value === null || value === '') return null;
    const n = parseStrictInt(typeof value === 'string' ? value.trim() : value, { min: YEAR_MIN, max: maxYear });
    if (n === null) {
      ctx.issues.push({ code: 'custom', message: M.year(maxYear), input: value });
      return z.NEVER;
    }
    return n;
  }).default(null);
}

/** The owner's own name for the machine, optional: '' → null. */
export const machineNameField = textField('Название').trim().max(NAME_MAX_LENGTH, M.nameTooLong).nullish()
  .transform((v) => (v ? v.replace(/\s+/g, ' ') : null));

/** What the model box holds as typed (no scripts: the server finds the model by it). */
const modelQueryField = textField('Модель').trim().max(MODEL_QUERY_MAX_LENGTH, M.modelNotFound).optional()
  .transform((v) => v ?? '');

/** A chosen model's id from a form: '' or nothing is none yet; anything else must be a strict id. */
const formModelId = z.unknown().transform((value, ctx) => {
  if (value === undefined || value === null || value === '') return null;
  const n = parseStrictInt(value);
  if (n === null) {
    ctx.issues.push({ code: 'custom', message: M.modelRequired, input: value });
    return z.NEVER;
  }
  return n;
}).default(null);

/**
 * The add and edit form (`/profile/machines`): a chosen model (`modelId`) or at least its name typed
 * (`modelQuery`), the serial number, the year and a name.
 */
export function machineFormInput(maxYear: number) {
  return z.object({
    modelId: formModelId,
    modelQuery: modelQueryField,
    /** The name of the model `modelId` names, as it was chosen (see `chosenModelId`). */
    modelTitle: modelQueryField,
    serial: serialField,
    year: yearField(maxYear),
    name: machineNameField,
  }).refine((v) => v.modelId !== null || v.modelQuery !== '', {
    path: ['modelQuery'],
    message: M.modelRequired,
    // Said together with the other fields' messages, not only once they are right.
    when: (payload) => {
      const v = payload.value as { modelId?: unknown; modelQuery?: unknown } | undefined;
      return typeof v === 'object' && v !== null;
    },
  });
}

/** The form's values as the browser holds them (all text). */
export interface MachineFormValues extends Record<string, unknown> {
  modelId: string;
  modelQuery: string;
  modelTitle: string;
  serial: string;
  year: string;
  name: string;
}

/** POST /api/parts/machines (and the update): the model by id. */
export function machineApiInput(maxYear: number) {
  return z.object({
    modelId: strictInt(M.badModelId),
    serial: serialField,
    year: yearField(maxYear),
    name: machineNameField,
  }, { error: M.badBody });
}

/** A machine's id in a path or a form: a strict positive int4. */
export const machineIdInput = strictInt(M.badId);

/** A machine as the list shows it. */
export interface MachineView {
  id: number;
  name: string | null;
  serial: string;
  year: number | null;
  model: { id: number; name: string; image: { src: string; width: number; height: number } | null };
  line: { id: number; name: string };
  manufacturer: string;
  /** The line's parts page filtered to this machine's serial number and model. */
  partsLink: string;
}

/** A machine as 'Выбрать мою технику' offers it. */
export interface PickerMachine {
  id: number;
  /** The owner's name for it, else the model's. */
  title: string;
  modelName: string;
  serial: string;
  lineId: number;
  partsLink: string;
}

/** One of the visitor's machines on a part's page: whether the part fits it, and where to see it. */
export interface PartMachineFit {
  id: number;
  title: string;
  modelName: string;
  serial: string;
  /** Fits, does not fit, or the catalogue cannot tell (`fit.rules.ts`), and what decided it. */
  state: FitState;
  reason: FitReason | null;
  /** Fits: the machine's parts page on the drawing where the part is; otherwise its parts page. */
  link: string;
}
