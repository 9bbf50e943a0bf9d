/**
 * Links of the parts pages (ADR 033), isomorphic. A part's page is derived from its number and id,
 * `/parts/{slug}-{id}`, rather than stored as a page alias per part: a million rows would say
 * nothing the id does not. The slug is the number in Latin letters, for people and search engines;
 * the id alone finds the part, and a stale or missing slug is redirected to the canonical path.
 */

export const PART_PATH_PREFIX = '/parts/';
const MAX_ID = 2_147_483_647;
const SLUG_MAX_LENGTH = 48;

const CYRILLIC: Readonly<Record<string, string>> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm',
  н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'c', ч: 'ch', ш: 'sh', щ: 'sch', ъ: '',
  ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya', і: 'i',
};

/** 'АВ-123.45' → 'av-123-45'; a number with nothing readable gives 'detal'. */
export function partSlug(code: string): string {
  const latin = [...code.toLowerCase()].map((ch) => CYRILLIC[ch] ?? ch).join('');
  const slug = latin.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, SLUG_MAX_LENGTH).replace(/-+$/, '');
  return slug || 'detal';
}

export function partLink(part: { id: number; code: string }): string {
  return `${PART_PATH_PREFIX}${partSlug(part.code)}-${part.id}`;
}

/** The part a path names (`/parts/{slug}-{id}`), or null: not a part's path. */
export function parsePartPath(pathname: string): { id: number; slug: string } | null {
  const m = /^\/parts\/(?:([a-z0-9-]{1,64})-)?(\d{1,10})\/?$/.exec(pathname);
  if (!m) return null;
  const id = Number(m[2]);
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) return null;
  return { id, slug: m[1] ?? '' };
}

/** The model line's parts page, built by the line parts page (`/zapchasti/{maker}/{line}`). */
export function lineLink(manufacturerSlug: string, lineSlug: string): string {
  return `/zapchasti/${manufacturerSlug}/${lineSlug}`;
}

/** The line parts page opened on one drawing (and one model when given). */
export function drawingLink(manufacturerSlug: string, lineSlug: string, drawingId: number, modelSlug?: string | null): string {
  const params = new URLSearchParams();
  params.append('drawings[]', String(drawingId));
  if (modelSlug) params.append('models[]', modelSlug);
  return `${lineLink(manufacturerSlug, lineSlug)}?${params.toString()}`;
}

/** `/fp/{slug}/{slug}…`: parts of a category path; no slugs, every part. */
export function fpLink(slugs: readonly string[]): string {
  return slugs.length ? `/fp/${slugs.join('/')}` : '/fp';
}
