import { keptPerDb } from '#app/.server/cache.ts';
import { pictureOf } from '#app/.server/files/image-variants.ts';
import type { PictureView } from '#app/lib/picture.ts';
import { z } from 'zod';
import { now } from '#app/.server/clock.ts';
import { enqueueJob } from '#app/.server/jobs/enqueue.ts';
import { defineJobKind } from '#app/.server/jobs/kinds.ts';
import { LETTER_JOB_POLICY } from '#app/.server/jobs/mail.ts';
import type { AppServices, RequestContext } from '#app/.server/context.ts';
import type { DB } from '#app/.server/db/connect.ts';
import { phoneDigits, type FeedbackInput, type PageAlias, type PageView, type PromotionView } from './content.schema.ts';
import { parsePartPath } from '#app/modules/parts/pages/part-link.rules.ts';

const pagesKept = keptPerDb<Map<string, PageView>>({ readsFrom: ['content_page'] });
/** Promotions are kept per day: the key is the date, so one that ended yesterday is gone today. */
const promotionsKept = keptPerDb<PromotionView[]>({ readsFrom: ['content_promotion'], maxEntries: 2 });
/** Page aliases are looked up on every page. */
const aliasesKept = keptPerDb<PageAlias>({ readsFrom: ['content_page_alias'], maxEntries: 5_000 });

const loadPages = (db: DB): Promise<Map<string, PageView>> => pagesKept.get(db, '', async () => {
  const rows = await db.selectFrom('content_page').select(['slug', 'title', 'meta_description', 'lead', 'body_html']).execute();
  return new Map<string, PageView>(rows.map((r) => [r.slug, {
    slug: r.slug, title: r.title, metaDescription: r.meta_description, lead: r.lead, bodyHtml: r.body_html,
  }]));
});

/** A static page's stored text, or null when there is none. */
export async function getPage(services: AppServices, slug: string): Promise<PageView | null> {
  return (await loadPages(services.db)).get(slug) ?? null;
}

/**
 * The frame of the shop's own pages (spec §2 routes), used until an editor writes their text: a fresh
 * installation, which has no demo content, still has a home page, contacts and promotions.
 */
const PAGE_FRAMES: Readonly<Record<string, Omit<PageView, 'slug' | 'bodyHtml'>>> = {
  home: {
    title: 'Сельхозтехника и запчасти с доставкой по России и Казахстану',
    metaDescription: 'Каталог сельхозтехники и запчастей «Агротехники»: цены и наличие в вашем филиале, доставка, сервис и финансирование.',
    lead: 'Техника, запчасти и сервис в филиалах «Агротехники» в России и Казахстане.',
  },
  contacts: {
    title: 'Контакты и филиалы',
    metaDescription: 'Филиалы «Агротехники» в России и Казахстане: адреса, телефоны отделов продаж и сервиса, часы работы.',
    lead: 'Выберите ближайший филиал, чтобы получить консультацию, забрать заказ или записаться на ремонт.',
  },
  akcii: {
    title: 'Акции и спецпредложения',
    metaDescription: 'Действующие акции «Агротехники» на сельхозтехнику и запчасти в вашем регионе.',
    lead: 'Скидки на технику и запчасти и специальные условия финансирования.',
  },
};

/** A page of the shop's own: its stored text, or its frame while there is none (null for other slugs). */
export async function getShopPage(services: AppServices, slug: keyof typeof PAGE_FRAMES & string): Promise<PageView> {
  return (await getPage(services, slug)) ?? { slug, ...PAGE_FRAMES[slug]!, bodyHtml: '' };
}

export async function listPageSlugs(services: AppServices): Promise<string[]> {
  return [...(await loadPages(services.db)).keys()];
}

/** The static pages as the site search lists them (title, path, lead), from the same cache as the pages. */
export async function searchablePages(services: AppServices): Promise<Array<{ title: string; link: string; lead: string }>> {
  return [...(await loadPages(services.db)).values()].map((p) => ({ title: p.title, link: p.slug === 'home' ? '/' : `/${p.slug}`, lead: p.lead }));
}

function loadPromotions(db: DB): Promise<PromotionView[]> {
  const today = now().toISOString().slice(0, 10);
  return promotionsKept.get(db, today, () => selectPromotions(db, today));
}

async function selectPromotions(db: DB, today: string): Promise<PromotionView[]> {
  const rows = await db.selectFrom('content_promotion')
    .select(['id', 'title', 'text', 'link', 'badge', 'ends_on', 'image_id', 'image_width', 'image_height'])
    .where('ends_on', '>=', today)
    // A promotion an editor scheduled shows from its first day (ADR 081).
    .where('starts_on', '<=', today)
    .orderBy('sort')
    .limit(12)
    .execute();
  return rows.map((r) => ({ id: r.id, title: r.title, text: r.text, link: r.link, badge: r.badge, endsOn: isoDate(r.ends_on), picture: promotionPicture(r) }));
}

/** A promotion's picture as the card shows it, or null when it has none. */
export function promotionPicture(r: { image_id: string | null; image_width: number | null; image_height: number | null }): PictureView | null {
  return r.image_id && r.image_width && r.image_height ? pictureOf({ id: r.image_id, width: r.image_width, height: r.image_height }) : null;
}

/** Drivers return date columns as Date (at UTC midnight) or text; the page wants 'YYYY-MM-DD'. */
function isoDate(value: Date | string): string {
  return value instanceof Date ? value.toISOString().slice(0, 10) : value.slice(0, 10);
}

export function currentPromotions(services: AppServices): Promise<PromotionView[]> {
  return loadPromotions(services.db);
}

export async function resolvePageAlias(services: AppServices, path: string): Promise<PageAlias> {
  const normalised = normalisePath(path);
  // A part's page is derived from its path, not stored (ADR 033): a million rows would say nothing more.
  const part = parsePartPath(normalised);
  if (part) return { controller: 'part', referenceId: part.id };
  return aliasesKept.get(services.db, normalised, async () => {
    const row = await services.db.selectFrom('content_page_alias').select(['controller', 'reference_id']).where('path', '=', normalised).executeTakeFirst();
    return row ? { controller: row.controller, referenceId: row.reference_id } : { controller: 'other', referenceId: null };
  });
}

function normalisePath(path: string): string {
  const clean = path.split(/[?#]/)[0]!.replace(/\/+$/, '');
  return clean === '' ? '/' : clean;
}

interface FeedbackLetter {
  id: number; name: string; phone: string; email: string | null; message: string;
  page_url: string | null; created_at: Date;
}

export function feedbackLetter(row: FeedbackLetter): { subject: string; text: string } {
  const lines = [
    'Сообщение из формы «Написать нам» на сайте.',
    '',
    `Имя: ${row.name}`,
    `Телефон: +${row.phone}`,
    `E-mail: ${row.email ?? 'не указан'}`,
    `Страница: ${row.page_url ?? 'не указана'}`,
    `Получено: ${row.created_at.toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' })} (МСК)`,
    '',
    row.message,
    '',
    `Номер обращения: ${row.id}. Ответьте посетителю по телефону или e-mail в рабочее время филиала.`,
  ];
  return { subject: `Написать нам: сообщение с сайта №${row.id} — ${row.name}`, text: lines.join('\n') };
}

/**
 * The branch's letter of one stored message, as a job (ADR 075): written from the row when it runs,
 * sent with the job's key (a repeat after a lost lease is one letter), and its delivery state written
 * back to the row ('sent', or 'failed' after the last try, kept for employees to read).
 */
export const feedbackLetterJob = defineJobKind({
  kind: 'content.feedback-letter',
  label: 'Письмо филиалу «Написать нам»',
  payload: z.object({ feedbackId: z.number().int().positive() }),
  ...LETTER_JOB_POLICY,
  async run(services, { feedbackId }, job) {
    const row = await services.db.selectFrom('content_feedback')
      .select(['id', 'name', 'phone', 'email', 'message', 'page_url', 'created_at', 'deliver_to'])
      .where('id', '=', feedbackId).executeTakeFirst();
    if (!row) return; // deleted meanwhile: nothing to send
    if (!row.deliver_to) throw new Error('Нет адреса филиала для письма');
    const letter = feedbackLetter(row);
    // staff: a letter to the branch, not to the visitor (the development outbox shows it only to its sender).
    await services.providers.mail.send({ to: row.deliver_to, subject: letter.subject, text: letter.text, staff: true, idempotencyKey: job.key });
    await services.db.updateTable('content_feedback').set({ delivery_state: 'sent', delivered_at: now(), delivery_error: null })
      .where('id', '=', feedbackId).execute();
  },
  async failed(services, { feedbackId }, _job, error) {
    await services.db.updateTable('content_feedback').set({ delivery_state: 'failed', delivery_error: error.slice(0, 500) })
      .where('id', '=', feedbackId).execute();
  },
});

/**
 * 'Написать нам': the message is stored, with the job that e-mails it to the visitor's branch, in one
 * transaction: neither exists without the other. The runner sends it within a moment and retries a
 * failed send with growing waits; the visitor's answer never waits for the mail server.
 */
export async function saveFeedback(ctx: RequestContext, input: FeedbackInput, branch: { id: number; email: string } | null): Promise<{ id: number }> {
  const { services } = ctx;
  return services.db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('content_feedback').values({
      name: input.name,
      phone: phoneDigits(input.phone),
      email: input.email || null,
      message: input.message,
      branch_id: branch?.id ?? null,
      page_url: input.pageUrl ?? null,
      ip: ctx.ip,
      delivery_state: 'pending',
      // Without a branch (none serves the area) the shop's support address answers.
      deliver_to: branch?.email ?? services.config.SUPPORT_EMAIL,
    }).returning('id').executeTakeFirstOrThrow();
    await enqueueJob(trx, feedbackLetterJob, { feedbackId: row.id }, { key: `content.feedback-letter:${row.id}` });
    return { id: row.id };
  });
}

export interface FeedbackView {
  id: number; name: string; phone: string; email: string | null; message: string; branchId: number | null;
  pageUrl: string | null; createdAt: string; deliveryState: 'pending' | 'sent' | 'failed'; deliveredAt: string | null; deliveryError: string | null;
}

/**
 * For employees (auth_user.is_employee): the newest messages, of one branch or of all. The caller
 * checks the role; this module does not know accounts.
 */
export async function listFeedback(services: AppServices, options: { branchId?: number | null; limit?: number } = {}): Promise<FeedbackView[]> {
  let query = services.db.selectFrom('content_feedback')
    .select(['id', 'name', 'phone', 'email', 'message', 'branch_id', 'page_url', 'created_at', 'delivery_state', 'delivered_at', 'delivery_error']);
  if (options.branchId != null) query = query.where('branch_id', '=', options.branchId);
  const rows = await query.orderBy('id', 'desc').limit(Math.min(options.limit ?? 50, 200)).execute();
  return rows.map((r) => ({
    id: r.id, name: r.name, phone: r.phone, email: r.email, message: r.message, branchId: r.branch_id, pageUrl: r.page_url,
    createdAt: r.created_at.toISOString(), deliveryState: r.delivery_state, deliveredAt: r.delivered_at?.toISOString() ?? null, deliveryError: r.delivery_error,
  }));
}
