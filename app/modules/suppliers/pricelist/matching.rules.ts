import type { SupplierMatch } from '#app/.server/db/schema.ts';
import { normalizePartCode, partCodeCandidates } from '#app/modules/parts/part-code.rules.ts';

/*
 * Matching a supplier's row to our parts (issue 32 §5, ADR 096). Pure: the caller reads the
 * candidates of a chunk of rows in one statement and passes them in.
 */

/** A part a row may name: as the parts module answers `partsByCodes`. */
export interface Candidate { id: number; codeNorm: string; maker: string; makerSlug: string }

/** A brand as compared: upper case, look-alike letters in Latin, separators dropped ('John Deere' = 'JOHN-DEERE'). */
export function normalizeBrand(raw: string): string {
  return normalizePartCode(raw);
}

/** The key of a remembered manual match. */
export function manualKey(codeNorm: string, brandNorm: string): string {
  return `${codeNorm}\u0000${brandNorm}`;
}

export interface MatchContext {
  /** The parts by normalised number, for every number the chunk's rows may mean. */
  byCode: ReadonlyMap<string, readonly Candidate[]>;
  /** Every maker we know, by normalised name and slug: a row of another known maker is not ours. */
  knownBrands: ReadonlySet<string>;
  /** Analog pairs among the candidates, as `min:max`. */
  analogs: ReadonlySet<string>;
  /** Remembered manual matches of the organisation, by `manualKey`. */
  manual: ReadonlyMap<string, number>;
}

export interface Match { partId: number; by: SupplierMatch }

/** The normalised numbers a row's code may mean: as printed, then typed in the other keyboard layout. */
export function codesOf(code: string): string[] {
  return partCodeCandidates(code);
}

function brandMatches(c: Candidate, brandNorm: string): boolean {
  return normalizeBrand(c.maker) === brandNorm || normalizeBrand(c.makerSlug) === brandNorm;
}

function oneAnalogGroup(parts: readonly Candidate[], analogs: ReadonlySet<string>): boolean {
  // Every pair linked directly: the parts are one part made by several makers.
  for (let i = 0; i < parts.length; i++) {
    for (let j = i + 1; j < parts.length; j++) {
      const a = parts[i]!.id, b = parts[j]!.id;
      if (!analogs.has(`${Math.min(a, b)}:${Math.max(a, b)}`)) return false;
    }
  }
  return true;
}

/**
 * The part a row names, in this order:
 * 1. a match the organisation made by hand for this code and brand;
 * 2. the number and the brand (the brand being the maker's name or slug);
 * 3. the number alone, when one part has it and the row's brand is empty or no maker we know
 *    (a known maker's other part with the same number is not the same part);
 * 4. known analogs: several makers' parts with the number, all analogs of one another, and a brand
 *    that names none of them: the row is that part, matched to the lowest id.
 * Each step tries the number as printed first, then as typed in the other keyboard layout.
 */
export function matchRow(row: { code: string; brand: string }, ctx: MatchContext): Match | null {
  const codes = codesOf(row.code);
  if (!codes.length) return null;
  const brandNorm = normalizeBrand(row.brand);
  for (const code of codes) {
    const manual = ctx.manual.get(manualKey(code, brandNorm));
    if (manual !== undefined) return { partId: manual, by: 'manual' };
  }
  if (brandNorm) {
    for (const code of codes) {
      const same = (ctx.byCode.get(code) ?? []).filter((c) => brandMatches(c, brandNorm));
      if (same.length === 1) return { partId: same[0]!.id, by: 'code_brand' };
    }
  }
  const foreignBrand = brandNorm !== '' && ctx.knownBrands.has(brandNorm);
  if (foreignBrand) return null;
  for (const code of codes) {
    const all = ctx.byCode.get(code) ?? [];
    if (all.length === 1) return { partId: all[0]!.id, by: 'code' };
    if (all.length > 1 && oneAnalogGroup(all, ctx.analogs)) {
      return { partId: Math.min(...all.map((c) => c.id)), by: 'analog' };
    }
  }
  return null;
}
