import { changedFields, recordAudit, type AuditEntry } from '#app/.server/audit.ts';
import { now } from '#app/.server/clock.ts';
import type { AppServices } from '#app/.server/context.ts';
import { dataChanged } from '#app/.server/db/changes.ts';
import { deleteDraft, draftIds, readDraft, saveDraft } from '#app/.server/drafts.ts';
import { getPage, getShopPage, listPageSlugs } from './content.server.ts';
import type { PageView } from './content.schema.ts';
import { pageInput, type PageInput } from './editing.schema.ts';
import { cleanPageHtml } from './page-html.server.ts';

/*
 * Editing the shop's pages (ADR 081): an editor's change is a draft until published; publishing
 * writes the page, its audit record and the draft's removal in one transaction. The page's readers
 * hear the write (db/changes.ts), so every process shows it on its next page; this process at once.
 */

/** Who changes something: the audit log's actor. */
export type Editor = AuditEntry['actor'];

/** The shop's own pages, which exist before anyone writes their text (their frames). */
const SHOP_PAGES = ['home', 'contacts', 'akcii'] as const;

export const PAGE_LABELS: Readonly<Record<string, string>> = {
  home: 'Главная',
  servis: 'Сервис',
  finansirovanie: 'Финансирование',
  akcii: 'Акции',
  'dostavka-i-oplata': 'Доставка и оплата',
  contacts: 'Контакты',
  'documents/policy-privacy': 'Политика конфиденциальности',
};

export interface EditablePage { slug: string; label: string; title: string; path: string; hasDraft: boolean }

export function pagePath(slug: string): string {
  return slug === 'home' ? '/' : `/${slug}`;
}

/** Every page an editor may change: the stored ones and the shop's own, with a mark for unpublished changes. */
export async function listEditablePages(services: AppServices): Promise<EditablePage[]> {
  const [slugs, drafts] = await Promise.all([listPageSlugs(services), draftIds(services.db, 'page')]);
  const all = [...new Set([...SHOP_PAGES, ...slugs])];
  const pages = await Promise.all(all.map((slug) => livePage(services, slug)));
  return pages.filter((p): p is PageView => p !== null).map((p) => ({
    slug: p.slug, label: PAGE_LABELS[p.slug] ?? p.title, title: p.title, path: pagePath(p.slug), hasDraft: drafts.has(p.slug),
  })).sort((a, b) => a.path.localeCompare(b.path));
}

async function livePage(services: AppServices, slug: string): Promise<PageView | null> {
  if ((SHOP_PAGES as readonly string[]).includes(slug)) return getShopPage(services, slug as (typeof SHOP_PAGES)[number]);
  return getPage(services, slug);
}

export interface PageForEditing {
  slug: string; label: string; path: string;
  live: PageInput;
  /** The unpublished change, when there is one that still fits the page's rules. */
  draft: (PageInput & { authorName: string; updatedAt: string }) | null;
}

const inputOf = (p: PageView): PageInput => ({ title: p.title, metaDescription: p.metaDescription, lead: p.lead, bodyHtml: p.bodyHtml });

export async function pageForEditing(services: AppServices, slug: string): Promise<PageForEditing | null> {
  const live = await livePage(services, slug);
  if (!live) return null;
  const stored = await readDraft(services.db, 'page', slug);
  const parsed = stored ? pageInput.safeParse(stored.data) : null;
  return {
    slug, label: PAGE_LABELS[slug] ?? live.title, path: pagePath(slug), live: inputOf(live),
    draft: parsed?.success ? { ...parsed.data, authorName: stored!.authorName, updatedAt: stored!.updatedAt } : null,
  };
}

export type EditResult = { ok: true; markupRemoved: boolean } | { ok: false; code: 'not_found' };

/** Keeps the editor's change as the page's draft (its HTML cleaned first, as publishing would). */
export async function savePageDraft(services: AppServices, editor: Editor, slug: string, input: PageInput): Promise<EditResult> {
  if (!(await livePage(services, slug))) return { ok: false, code: 'not_found' };
  const body = cleanPageHtml(input.bodyHtml);
  await saveDraft(services.db, 'page', slug, { ...input, bodyHtml: body.html }, editor);
  return { ok: true, markupRemoved: body.removed };
}

/** Publishes the editor's change: the page, its audit record (changed fields only) and the draft's removal, at once. */
export async function publishPage(services: AppServices, editor: Editor, slug: string, input: PageInput, ip: string | null): Promise<EditResult> {
  const live = await livePage(services, slug);
  if (!live) return { ok: false, code: 'not_found' };
  const body = cleanPageHtml(input.bodyHtml);
  const next: PageInput = { ...input, bodyHtml: body.html };
  await services.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('content_page').select(['title', 'meta_description', 'lead', 'body_html'])
      .where('slug', '=', slug).forUpdate().executeTakeFirst();
    const was: PageInput = before
      ? { title: before.title, metaDescription: before.meta_description, lead: before.lead, bodyHtml: before.body_html }
      : inputOf(live);
    const values = { title: next.title, meta_description: next.metaDescription, lead: next.lead, body_html: next.bodyHtml, updated_at: now() };
    await trx.insertInto('content_page').values({ slug, ...values })
      .onConflict((oc) => oc.column('slug').doUpdateSet(values)).execute();
    await recordAudit(trx, { actor: editor, action: 'page.publish', entity: 'page', entityId: slug, ...changedFields(was, next), ip });
    await deleteDraft(trx, 'page', slug);
  });
  // The editor's next page is served by this process: it shows the page at once, not a round trip later.
  dataChanged(services.db, 'content_page');
  return { ok: true, markupRemoved: body.removed };
}

export async function discardPageDraft(services: AppServices, slug: string): Promise<void> {
  await deleteDraft(services.db, 'page', slug);
}
