import { z } from '#app/lib/zod.ts';
import { textField } from '#app/lib/text.ts';
import type { CurrencyCode } from '#app/.server/db/schema.ts';
import { normalizePartCode } from './part-code.rules.ts';

/** A typed part number may carry separators around its 64 characters of code. */
export const PART_QUERY_MAX_LENGTH = 100;
export const PART_SEARCH_DEFAULT_LIMIT = 20;
export const PART_SEARCH_MAX_LIMIT = 50;

export const PARTS_MESSAGES = {
  empty: 'Введите номер детали',
  noCode: 'Номер детали должен содержать буквы или цифры',
  tooLong: `Номер детали слишком длинный: не больше ${PART_QUERY_MAX_LENGTH} символов`,
  limit: `Параметр limit — целое число от 1 до ${PART_SEARCH_MAX_LIMIT}`,
} as const;

/** GET /api/parts/search?q=&limit= */
export const partSearchInput = z.object({
  q: z.string({ error: PARTS_MESSAGES.empty })
    .pipe(textField('Номер детали').trim().min(1, PARTS_MESSAGES.empty).max(PART_QUERY_MAX_LENGTH, PARTS_MESSAGES.tooLong))
    .refine((q) => normalizePartCode(q) !== '', PARTS_MESSAGES.noCode),
  limit: z.string().optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return PART_SEARCH_DEFAULT_LIMIT;
      const n = /^\d{1,2}$/.test(v) ? Number(v) : NaN;
      if (n >= 1 && n <= PART_SEARCH_MAX_LIMIT) return n;
      ctx.addIssue({ code: 'custom', message: PARTS_MESSAGES.limit });
      return z.NEVER;
    }),
});

/**
 * How a hit relates to the number looked up, in the order they are listed: the part itself, what
 * replaced it (newest last in its chain), its analogs (OEM ↔ aftermarket), what it replaced, then
 * parts whose numbers are close.
 */
export type PartRelation = 'exact' | 'replacement' | 'analog' | 'replaced' | 'near';

export interface PartOfferView {
  /** Minor units; null: price on request, or not shown (guests). */
  price: number | null;
  oldPrice: number | null;
  currency: CurrencyCode;
  quantity: number;
  /** 'YYYY-MM-DD' when the part is expected at the branch. */
  expectedDate: string | null;
}

/**
 * A supplier's offer of a part as a buyer sees it (ADR 096, 099, 101): 'под заказ, N дней' at the
 * supplier's price with the organisation's markup in the branch's currency; the price only for
 * those who see prices (null for guests). Ordered as a supplier's cart line.
 */
export interface SupplierOfferView { price: number | null; currency: CurrencyCode; leadTimeDays: number; minOrder: number; multiplicity: number }

export interface PartHit {
  id: number;
  code: string;
  name: string;
  manufacturer: { id: number; name: string; kind: 'oem' | 'aftermarket' };
  relation: PartRelation;
  /** For a replacement or a replaced part: steps along the supersession chain (1: directly). */
  distance: number;
  /** At the visitor's branch; null: the branch does not sell it (to order). */
  here: PartOfferView | null;
  /** The other branches that hold it, most first. */
  elsewhere: Array<{ branchId: number; branchName: string; quantity: number }>;
  /** The best supplier's offer at the visitor's branch, when a supplier's published list has the part. */
  supplierOffer: SupplierOfferView | null;
}

export interface PartSearchResult {
  query: string;
  /** The normalised codes looked up, the code as typed first, then the wrong-layout readings. */
  codes: string[];
  /** Prices are given to signed-in visitors only (spec: prices need sign-in). */
  pricesShown: boolean;
  branchId: number | null;
  hits: PartHit[];
}
