import { serialInRange } from '../serial.rules.ts';

/**
 * Whether a part fits one of the visitor's machines (issue 9 point 9, ADR 037), pure and
 * isomorphic. A part fits a machine when it stands on a drawing of the machine's model line that
 * shows every model of the line or the machine's own model (`parts_drawing.model_id` null or the
 * machine's), at a position whose serial range holds the machine's serial number
 * (`serial.rules.ts`: a bound that does not compare with the number does not exclude it).
 */

/** A drawing position of the part on the machine's line (drawings of another model left out already). */
export interface FitPosition { drawingId: number; serialFrom: string | null; serialTo: string | null }

export interface MachineFit {
  /** The positions whose serial range holds the machine, in the order given. */
  fitting: FitPosition[];
  /** The part stands on the machine's drawings, but only outside its serial range. */
  outsideRange: boolean;
}

export function machineFit(serial: string, positions: readonly FitPosition[]): MachineFit {
  const fitting = positions.filter((p) => serialInRange(serial, p.serialFrom, p.serialTo));
  return { fitting, outsideRange: fitting.length === 0 && positions.length > 0 };
}

/** The part ids among `positions` of a line that fit the machine with this serial number, once each. */
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
