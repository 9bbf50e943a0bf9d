/**
 * Serial-number ranges of drawing positions (`parts_drawing_position.serial_from/serial_to`, issue 9
 * point 9): which positions apply to one machine. Makers write serial numbers as text mixing
 * letters and digits ('20241234', 'RW8320A012345', 'KZ-3118-0042'); a range may be open at either
 * end (only from: from that machine on; only to: up to that machine).
 *
 * A serial number is read as a **family** and a **number**: the number is its last run of digits,
 * the family everything before it (upper case, dashes and spaces dropped). Two serial numbers
 * compare only within one family, by their numbers as numbers (any length, leading zeros ignored);
 * serial numbers of different families, or without digits, do not compare. A position whose bound
 * does not compare with the machine's serial number still applies: a part is shown rather than
 * hidden when the catalogue cannot tell.
 */

/** Spec of the `serial` query parameter: at most 32 letters, digits and dashes. */
export const SERIAL_MAX_LENGTH = 32;
const SERIAL_PATTERN = /^[0-9A-Za-zА-Яа-яЁё-]+$/;

export const SERIAL_MESSAGES = {
  invalid: `Серийный номер — до ${SERIAL_MAX_LENGTH} букв, цифр и дефисов`,
} as const;

export interface SerialKey {
  family: string;
  /** The last digit run without leading zeros ('' for zero). */
  number: string;
}

/** The machine's serial number as the URL carries it, or null when it is not one (too long, other characters, empty). */
export function parseSerialInput(raw: string | null | undefined): string | null {
  if (raw == null) return null;
  const text = raw.trim();
  if (!text || text.length > SERIAL_MAX_LENGTH || !SERIAL_PATTERN.test(text)) return null;
  if (!/[0-9A-Za-zА-Яа-яЁё]/.test(text)) return null;
  return text.toUpperCase();
}

/** Family and number of a serial number or a bound; null when it has no digits (it compares with nothing). */
export function serialKey(raw: string | null | undefined): SerialKey | null {
  if (raw == null) return null;
  const text = raw.toUpperCase().replace(/[\s-]+/g, '');
  const match = /^(.*?)(\d+)$/.exec(text) ?? /^(.*?)(\d+)(\D*)$/.exec(text);
  if (!match) return null;
  const family = match[3] ? `${match[1]}#${match[3]}` : match[1]!;
  return { family, number: match[2]!.replace(/^0+/, '') };
}

/**
 * Compares two serial numbers: negative, zero or positive as `a` comes before, with or after `b`;
 * null when they do not compare (different families, or one has no digits).
 */
export function compareSerials(a: string, b: string): number | null {
  const ka = serialKey(a);
  const kb = serialKey(b);
  if (!ka || !kb || ka.family !== kb.family) return null;
  if (ka.number.length !== kb.number.length) return ka.number.length - kb.number.length;
  return ka.number < kb.number ? -1 : ka.number > kb.number ? 1 : 0;
}

/** An empty or blank bound is no bound. */
const bound = (value: string | null | undefined): string | null => (value != null && value.trim() !== '' ? value : null);

/**
 * Whether a position with the range [from, to] (either may be open) applies to the machine with
 * this serial number. No serial number (or no range): it applies. A bound that does not compare
 * with the serial number (another family) does not exclude it.
 */
export function serialInRange(serial: string | null, from: string | null | undefined, to: string | null | undefined): boolean {
  if (serial === null) return true;
  const lo = bound(from);
  const hi = bound(to);
  if (lo !== null) {
    const c = compareSerials(serial, lo);
    if (c !== null && c < 0) return false;
  }
  if (hi !== null) {
    const c = compareSerials(serial, hi);
    if (c !== null && c > 0) return false;
  }
  return true;
}

/** The range as a person reads it: 'с 20241234', 'по 20241233', 'с A100 по A200'; null when open. */
export function serialRangeLabel(from: string | null | undefined, to: string | null | undefined): string | null {
  const lo = bound(from);
  const hi = bound(to);
  if (lo && hi) return `с ${lo} по ${hi}`;
  if (lo) return `с ${lo}`;
  if (hi) return `по ${hi}`;
  return null;
}
