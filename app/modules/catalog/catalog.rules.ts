/**
 * Spec §2: the hovered category's subcategories show in two columns, the first half and the second,
 * split at the ceiling of half the count.
 */
export function splitInTwoColumns<T>(items: readonly T[]): [T[], T[]] {
  const middle = Math.ceil(items.length / 2);
  return [items.slice(0, middle), items.slice(middle)];
}

/**
 * Public paths of the catalogue (their page aliases): `/catalog/{category}` for a category of any
 * depth, `/catalog/{category}/{line}` for a model line in its category, and the model in path
 * part 4 (spec §3): `/catalog/{category}/{line}/{model}`. Category slugs are unique over the tree,
 * line slugs over all lines, model slugs within their line.
 */
export function modelLineLink(categorySlug: string, lineSlug: string): string {
  return `/catalog/${categorySlug}/${lineSlug}`;
}

export function modelLink(categorySlug: string, lineSlug: string, modelSlug: string): string {
  return `/catalog/${categorySlug}/${lineSlug}/${modelSlug}`;
}

/** Spec §9: the sale badge shows when the discount exceeds 10 percent. */
export const SALE_BADGE_MIN_DISCOUNT_PERCENT = 10;

/** The discount in whole percent, or 0 when there is no lower price than the old one. */
export function discountPercent(price: number | null, oldPrice: number | null): number {
  if (price === null || oldPrice === null || oldPrice <= 0 || price >= oldPrice) return 0;
  return Math.floor(((oldPrice - price) / oldPrice) * 100);
}

export function showsSaleBadge(price: number | null, oldPrice: number | null): boolean {
  if (price === null || oldPrice === null || oldPrice <= 0 || price >= oldPrice) return false;
  return (oldPrice - price) * 100 > SALE_BADGE_MIN_DISCOUNT_PERCENT * oldPrice;
}

const SPEC_NUMBER = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

/**
 * A specification value the Russian way, the one writing of cards, the model page and comparison:
 * decimal comma, a no-break space before the unit and as thousands separator ('2,5 м', '420 л.с.',
 * '12 500 кг'); text values as they are; '—' where the model has no value.
 */
export function formatSpecValue(num: number | null, text: string | null, unit: string | null): string {
  if (num === null) return text ?? '—';
  // Intl writes U+202F (narrow no-break space) as the ru-RU group separator in some ICU versions;
  // one separator everywhere keeps tests and copy-paste stable.
  const digits = SPEC_NUMBER.format(num).replace(/\u202f/g, '\u00a0');
  return unit ? `${digits}\u00a0${unit}` : digits;
}
