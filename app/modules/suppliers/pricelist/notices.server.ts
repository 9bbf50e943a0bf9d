import type { DB } from '#app/.server/db/connect.ts';
import type { SupplierNoticeKind } from '#app/.server/db/schema.ts';
import { enqueueMail } from '#app/.server/jobs/mail.ts';

/*
 * What an organisation is told of its price lists (issue 32 §7, ADR 096): a row shown in the cabinet
 * at /suppliers/notifications and a letter to each of its people with a confirmed address, written in
 * the caller's transaction (the letters are jobs keyed by the notice, so each goes once).
 */

export const NOTICE_LABELS: Record<SupplierNoticeKind, string> = {
  processed: 'Прайс-лист опубликован',
  held: 'Прайс-лист ждёт подтверждения',
  failed: 'Прайс-лист не обработан',
  price_jump: 'Цены изменились сильнее порога',
  quarantined: 'Письмо отложено',
};

export const NOTICES_PAGE_SIZE = 30;

export async function notifyOrganisation(db: DB, organisationId: number, notice: { kind: SupplierNoticeKind; fileId?: number | null; text: string; link?: string }, origin: string): Promise<number> {
  const { id } = await db.insertInto('suppliers_notification')
    .values({ organisation_id: organisationId, kind: notice.kind, file_id: notice.fileId ?? null, text: notice.text.slice(0, 2000) })
    .returning('id').executeTakeFirstOrThrow();
  const people = await db.selectFrom('auth_user').select(['id', 'email'])
    .where('supplier_organisation_id', '=', organisationId).where('email', 'is not', null).where('email_verified_at', 'is not', null).execute();
  const link = notice.link ? `\n\n${origin}${notice.link}` : '';
  for (const person of people) {
    await enqueueMail(db, {
      to: person.email!, subject: `${NOTICE_LABELS[notice.kind]} — кабинет поставщика «Агротехники»`,
      text: `${notice.text}${link}\n\nУведомления кабинета: ${origin}/suppliers/notifications`,
    }, { key: `suppliers.notice:${id}:${person.id}` });
  }
  return id;
}

export interface NoticeRow { id: number; kind: SupplierNoticeKind; label: string; text: string; fileId: number | null; createdAt: string; unread: boolean }

/** The organisation's notices, newest first, a page at a time; showing them marks them read. */
export async function noticesOf(db: DB, organisationId: number, page: number): Promise<{ notices: NoticeRow[]; hasNext: boolean }> {
  const rows = await db.selectFrom('suppliers_notification').select(['id', 'kind', 'text', 'file_id', 'created_at', 'read_at'])
    .where('organisation_id', '=', organisationId).orderBy('id', 'desc')
    .limit(NOTICES_PAGE_SIZE + 1).offset((page - 1) * NOTICES_PAGE_SIZE).execute();
  const shown = rows.slice(0, NOTICES_PAGE_SIZE);
  const unread = shown.filter((r) => r.read_at === null).map((r) => r.id);
  if (unread.length) {
    await db.updateTable('suppliers_notification').set({ read_at: new Date() }).where('organisation_id', '=', organisationId).where('id', 'in', unread).execute();
  }
  return {
    notices: shown.map((r) => ({ id: r.id, kind: r.kind, label: NOTICE_LABELS[r.kind], text: r.text, fileId: r.file_id, createdAt: r.created_at.toISOString(), unread: r.read_at === null })),
    hasNext: rows.length > NOTICES_PAGE_SIZE,
  };
}
