import { z } from './zod.ts';

/** The largest PostgreSQL `integer`: ids beyond it would make the query fail instead of finding nothing. */
export const MAX_INT4 = 2_147_483_647;

/**
 * An integer id as the API receives it, parsed strictly: a JSON number that is a safe integer, or
 * a string of digits without sign, spaces or leading zeros ('5001'), within [min, max]. Everything
 * else is null: '0x1389', ' 5001', '+5001', '05001', '5001.0', '5e3', [5001], true, ''.
 * (Number() and z.coerce accept most of those.)
 */
export function parseStrictInt(value: unknown, range: { min?: number; max?: number } = {}): number | null {
  const { min = 1, max = MAX_INT4 } = range;
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && value.length <= 16 && /^(?:0|[1-9][0-9]*)$/.test(value)) n = Number(value);
  else return null;
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : null;
}

/** parseStrictInt as a zod schema: every numeric id of a query or body goes through it. */
export function strictInt(message: string, range: { min?: number; max?: number } = {}) {
  return z.unknown().transform((value, ctx) => {
    const n = parseStrictInt(value, range);
    if (n === null) {
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    }
    return n;
  });
}

/**
 * A decimal as the API receives it (coordinates): a finite JSON number, or a plain decimal string
 * ('-54.78'); not hex, exponents, padding or arrays. Range checks stay with the caller's schema.
 */
export function strictDecimal(message: string) {
  return z.unknown().transform((value, ctx) => {
    const n = typeof value === 'number' ? value
      : typeof value === 'string' && value.length <= 32 && /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/.test(value) ? Number(value)
        : Number.NaN;
    if (!Number.isFinite(n)) {
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    }
    return n;
  }).pipe(z.number({ error: message }));
}
