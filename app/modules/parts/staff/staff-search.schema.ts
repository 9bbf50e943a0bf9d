import { z } from '#app/lib/zod.ts';
import { textField } from '#app/lib/text.ts';
import type { CurrencyCode } from '#app/.server/db/schema.ts';
import type { PartRelation } from '../parts.schema.ts';

/** A number with its separators, or the beginning of a name. */
export const STAFF_QUERY_MAX_LENGTH = 100;
/** Hits on one page: every branch of each is shown, so a longer list stops being read. */
export const STAFF_SEARCH_LIMIT = 40;

export const STAFF_SEARCH_MESSAGES = {
  tooLong: `Запрос слишком длинный: не больше ${STAFF_QUERY_MAX_LENGTH} символов`,
  noLetters: 'Введите номер детали или начало названия: буквы или цифры',
} as const;

/** `/search/sparepart/?q=`: empty is the empty form; control characters or 100+ characters are refused with the reason. */
export const staffSearchInput = z.object({
  q: z.string().optional().default('')
    .pipe(textField('Номер или название').trim().max(STAFF_QUERY_MAX_LENGTH, STAFF_SEARCH_MESSAGES.tooLong))
    .refine((q) => q === '' || /[\p{L}\p{N}]/u.test(q), STAFF_SEARCH_MESSAGES.noLetters),
});

/** How a hit was found: by its number (and how it relates to that number) or by its name. */
export type StaffHitRelation = PartRelation | 'name';

export interface StaffBranchStock {
  branchId: number;
  currency: CurrencyCode;
  /** Minor units; null: on request. */
  price: number | null;
  oldPrice: number | null;
  quantity: number;
  expectedDate: string | null;
}

export interface StaffHit {
  id: number;
  code: string;
  name: string;
  manufacturer: string;
  manufacturerKind: 'oem' | 'aftermarket';
  relation: StaffHitRelation;
  /** Steps along the supersession chain for a replacement or a replaced part. */
  distance: number;
  oneCCode: string | null;
  weightGrams: number | null;
  /** Every branch that sells the part (a branch without a row does not: to order). */
  branches: StaffBranchStock[];
  /** Pieces at all branches together. */
  totalQuantity: number;
}

export interface StaffBranchColumn { id: number; name: string; city: string; countryId: number }

export interface StaffSearchResult {
  query: string;
  /** Every branch, the employee's own first, then by country and name: the same order in every row. */
  branches: StaffBranchColumn[];
  currentBranchId: number | null;
  hits: StaffHit[];
}
