import { memoPerDb } from '#app/.server/cache.ts';
import type { AppServices, RequestContext } from '#app/.server/context.ts';
import type { DB } from '#app/.server/db/connect.ts';
import { phoneDigits, type FeedbackInput, type PageAlias, type PageView, type PromotionView } from './content.schema.ts';

const CONTENT_TTL_MS = 30_000;

const loadPages = memoPerDb(CONTENT_TTL_MS, async (db: DB) => {
  const rows = await db.selectFrom('content_page').select(['slug', 'title', 'meta_description', 'lead', 'body_html']).execute();
  return new Map<string, PageView>(rows.map((r) => [r.slug, {
    slug: r.slug, title: r.title, metaDescription: r.meta_description, lead: r.lead, bodyHtml: r.body_html,
  }]));
});

/** A static page's stored text, or null when there is none. */
export async function getPage(services: AppServices, slug: string): Promise<PageView | null> {
  return (await loadPages(services.db)).get(slug) ?? null;
}

export async function listPageSlugs(services: AppServices): Promise<string[]> {
  return [...(await loadPages(services.db)).keys()];
}

const loadPromotions = memoPerDb(CONTENT_TTL_MS, async (db: DB): Promise<PromotionView[]> => {
  const today = new Date().toISOString().slice(0, 10);
  const rows = await db.selectFrom('content_promotion')
    .select(['id', 'title', 'text', 'link', 'badge', 'ends_on'])
    .where('ends_on', '>=', today)
    .orderBy('sort')
    .limit(12)
    .execute();
  return rows.map((r) => ({ id: r.id, title: r.title, text: r.text, link: r.link, badge: r.badge, endsOn: isoDate(r.ends_on) }));
});

/** Drivers return date columns as Date (at UTC midnight) or text; the page wants 'YYYY-MM-DD'. */
function isoDate(value: Date | string): string {
  return value instanceof Date ? value.toISOString().slice(0, 10) : value.slice(0, 10);
}

export function currentPromotions(services: AppServices): Promise<PromotionView[]> {
  return loadPromotions(services.db);
}

/** Page aliases are looked up on every page and never change mid-request: keep a small LRU-ish map. */
const ALIAS_CACHE_LIMIT = 5000;
const aliasCaches = new WeakMap<DB, Map<string, { alias: PageAlias; expires: number }>>();

export async function resolvePageAlias(services: AppServices, path: string): Promise<PageAlias> {
  const normalised = normalisePath(path);
  let cache = aliasCaches.get(services.db);
  if (!cache) aliasCaches.set(services.db, (cache = new Map()));
  const hit = cache.get(normalised);
  if (hit && hit.expires > Date.now()) return hit.alias;
  const row = await services.db.selectFrom('content_page_alias').select(['controller', 'reference_id']).where('path', '=', normalised).executeTakeFirst();
  const alias: PageAlias = row ? { controller: row.controller, referenceId: row.reference_id } : { controller: 'other', referenceId: null };
  if (cache.size >= ALIAS_CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(normalised, { alias, expires: Date.now() + CONTENT_TTL_MS });
  return alias;
}

function normalisePath(path: string): string {
  const clean = path.split(/[?#]/)[0]!.replace(/\/+$/, '');
  return clean === '' ? '/' : clean;
}

export async function saveFeedback(ctx: RequestContext, input: FeedbackInput, branchId: number | null): Promise<void> {
  await ctx.services.db.insertInto('content_feedback').values({
    name: input.name,
    phone: phoneDigits(input.phone),
    email: input.email || null,
    message: input.message,
    branch_id: branchId,
    page_url: input.pageUrl ?? null,
    ip: ctx.ip,
  }).execute();
}
