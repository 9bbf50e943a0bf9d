import { SERIAL_MAX_LENGTH } from './yard.constants.ts';

/*
 * Pure rules of the machinery yard: how a serial number is written down, where a machine's parts
 * are, which model a typed name means. Isomorphic.
 */

/** The characters of a kept serial number: Latin and Cyrillic letters, digits, dashes, spaces. */
export const SERIAL_PATTERN = /^[0-9A-Za-zА-Яа-яЁё -]+$/;

/**
 * A serial number as it is kept and compared: trimmed, runs of spaces made one, letters upper case
 * (plates are printed in capitals; 'ab123' and 'AB123' are one machine). Validity is separate
 * (`serialProblem`).
 */
export function normalizeSerial(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toUpperCase();
}

export type SerialProblem = 'required' | 'tooLong' | 'chars';

/** What is wrong with a normalised serial number, or null. */
export function serialProblem(serial: string): SerialProblem | null {
  if (!serial) return 'required';
  if (serial.length > SERIAL_MAX_LENGTH) return 'tooLong';
  if (!SERIAL_PATTERN.test(serial) || !/[0-9A-Za-zА-Яа-яЁё]/.test(serial)) return 'chars';
  return null;
}

/** The newest year of manufacture accepted: next year's models are sold from the autumn. */
export function maxYearOf(today: Date): number {
  return today.getUTCFullYear() + 1;
}

/**
 * The line's parts page filtered to one machine (the contract of the parts line page):
 * `/zapchasti/{manufacturerSlug}/{lineSlug}?serial={serial}&models[]={modelSlug}`.
 */
export function machinePartsLink(m: { manufacturerSlug: string; lineSlug: string; modelSlug: string; serial: string }): string {
  const path = `/zapchasti/${encodeURIComponent(m.manufacturerSlug)}/${encodeURIComponent(m.lineSlug)}`;
  return `${path}?serial=${encodeURIComponent(m.serial)}&models[]=${encodeURIComponent(m.modelSlug)}`;
}

/** A suggested model (the search's model hits: id as text, title, where it sits). */
export interface ModelChoice { id: number; title: string; subtitle: string | null }

/** Folds what a person may type differently: case, ё, spaces and dashes ('к 744р3' = 'К-744Р3'). */
function fold(value: string): string {
  return value.toLowerCase().replace(/ё/g, 'е').replace(/[\s\-‐-―.]+/g, '');
}

/**
 * The model a typed name means, when a form came without a chosen model (no scripts, or the
 * suggestion was not clicked): the one suggestion whose name is what was typed (case, spaces and
 * dashes aside), or the only suggestion there is. Otherwise the person chooses: 'none' or 'choose'.
 */
export function pickModel(typed: string, choices: readonly ModelChoice[]): { kind: 'one'; id: number } | { kind: 'none' } | { kind: 'choose'; choices: ModelChoice[] } {
  if (!choices.length) return { kind: 'none' };
  const want = fold(typed);
  const exact = choices.filter((c) => fold(c.title) === want);
  if (exact.length === 1) return { kind: 'one', id: exact[0]!.id };
  if (choices.length === 1) return { kind: 'one', id: choices[0]!.id };
  return { kind: 'choose', choices: [...choices] };
}

/** What a machine is called in lists: the owner's name for it, else the model's. */
export function machineTitle(m: { name: string | null; modelName: string }): string {
  return m.name ?? m.modelName;
}

/**
 * The model a submitted form means by id: the chosen one (`modelId`), unless the name in the box was
 * changed since it was chosen (`modelTitle` is the chosen model's name) — then the typed name
 * decides, and null sends the server to find it. A choice among 'Уточните модель' carries no name. The edit form starts with the machine's model
 * chosen, and without scripts only the text box can change.
 */
export function chosenModelId(input: { modelId: number | null; modelQuery: string; modelTitle: string }): number | null {
  if (input.modelId === null) return null;
  // No name kept with it: chosen from 'Уточните модель' (a radio), which the box does not follow.
  if (input.modelTitle === '' || input.modelQuery === '' || fold(input.modelQuery) === fold(input.modelTitle)) return input.modelId;
  return null;
}
