import { compareSerials, serialInRange } from '../serial.rules.ts';

/**
 * Whether a part fits one of the visitor's machines (issue 9 point 9, ADR 037), pure and
 * isomorphic. A part fits a machine when it stands on a drawing of the machine's model line that
 * shows every model of the line or the machine's own model (`parts_drawing.model_id` null or the
 * machine's), at a position whose serial range holds the machine's serial number.
 *
 * The answer has three states (issue 28 point 10): the catalogue says it fits, says it does not,
 * or cannot tell. It cannot tell when a range's bound does not compare with the machine's serial
 * number (`serial.rules.ts`: another family of numbers, or none at all), when no drawing shows the
 * machine's model, or when the part stands on no drawing at all (an aftermarket analog is often
 * catalogued without one). Only what the catalogue rules out reads 'Не подходит'.
 */

/** A drawing position of the part on the machine's line (drawings of another model left out already). */
export interface FitPosition { drawingId: number; serialFrom: string | null; serialTo: string | null }

export type FitState = 'fits' | 'no' | 'unknown';

/**
 * What the catalogue knows of one position for this serial number: in its range, outside it, or
 * not comparable (no serial number, or a bound of another family, while the range has a bound).
 */
export function positionFit(serial: string | null, from: string | null, to: string | null): FitState {
  const bounds = [from, to].filter((b): b is string => b !== null && b.trim() !== '');
  if (!bounds.length) return 'fits';
  if (serial === null || serial.trim() === '') return 'unknown';
  if (!serialInRange(serial, from, to)) return 'no';
  return bounds.every((b) => compareSerials(serial, b) !== null) ? 'fits' : 'unknown';
}

/**
 * Why the answer is what it is: `serial` — the positions' serial ranges decided it (outside every
 * range, or a range that does not compare with the number); `drawings` — the machine's drawings
 * decided it (the part is on none of them; or there are none for the model, or the part stands on
 * no drawing at all).
 */
export type FitReason = 'serial' | 'drawings';

export interface MachineFit {
  state: FitState;
  /** Null when it fits. */
  reason: FitReason | null;
  /** The positions whose serial range holds the machine, in the order given. */
  fitting: FitPosition[];
}

/** What the catalogue holds beyond the part's positions on the machine's drawings. */
export interface FitCoverage {
  /** Some drawing shows the machine's model (its line's drawings for every model, or its own). */
  modelHasDrawings: boolean;
  /** The part stands on some drawing, of any line. */
  partHasDrawings: boolean;
}

export function machineFit(serial: string | null, positions: readonly FitPosition[], coverage: FitCoverage): MachineFit {
  const states = positions.map((p) => positionFit(serial, p.serialFrom, p.serialTo));
  const fitting = positions.filter((_, i) => states[i] === 'fits');
  if (fitting.length) return { state: 'fits', reason: null, fitting };
  if (states.includes('unknown')) return { state: 'unknown', reason: 'serial', fitting };
  if (positions.length) return { state: 'no', reason: 'serial', fitting };
  // On none of the machine's drawings: that rules it out only when the catalogue has drawings of the model and of the part.
  if (coverage.modelHasDrawings && coverage.partHasDrawings) return { state: 'no', reason: 'drawings', fitting };
  return { state: 'unknown', reason: 'drawings', fitting };
}

/**
 * The part ids among `positions` of a line that may fit the machine with this serial number, once
 * each: /fp/ narrowed to a machine shows a part rather than hides it when its range does not
 * compare with the number (`serialInRange`).
 */
export function fittingPartIds(serial: string, positions: ReadonlyArray<FitPosition & { partId: number }>): number[] {
  const ids = new Set<number>();
  for (const p of positions) if (serialInRange(serial, p.serialFrom, p.serialTo)) ids.add(p.partId);
  return [...ids].sort((a, b) => a - b);
}

/**
 * The machine's parts page opened on the drawing where the part is, with the machine's model and
 * serial number (the line parts page's contract, ADR 032/034).
 */
export function machineDrawingLink(m: { manufacturerSlug: string; lineSlug: string; modelSlug: string; serial: string }, drawingId: number): string {
  const params = new URLSearchParams();
  params.append('drawings[]', String(drawingId));
  params.append('models[]', m.modelSlug);
  params.append('serial', m.serial);
  return `/zapchasti/${encodeURIComponent(m.manufacturerSlug)}/${encodeURIComponent(m.lineSlug)}?${params.toString()}`;
}
