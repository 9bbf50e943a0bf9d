import { sql } from 'kysely';
import type { DB } from '#app/.server/db/connect.ts';
import { enqueueMail } from '#app/.server/jobs/mail.ts';
import { ROLE_CAPABILITIES, ROLE_COLUMN, ROLES } from '#app/modules/auth/capabilities.rules.ts';
import { notifyOrganisation } from '../pricelist/notices.server.ts';

/*
 * Who is told of a letter put in quarantine (issue 32 §7, ADR 101): the employees who manage
 * suppliers (`suppliers.manage`), by letter, pointing to /suppliers/admin/quarantine, where they see
 * it; and the organisation the sender belongs to, as a notice in its cabinet and by letter: the one
 * whose registered sender it is (an organisation that does not send by mail), else the one whose
 * senders or people write from the same domain — one organisation only, and never by a public
 * mail service's domain, where an address says nothing of whose it is.
 */

/** Domains anyone may have an address at: a letter from one is no organisation's by its domain. */
const PUBLIC_MAIL_DOMAINS = new Set([
  'gmail.com', 'googlemail.com', 'yandex.ru', 'yandex.kz', 'yandex.by', 'yandex.com', 'ya.ru', 'mail.ru', 'bk.ru', 'inbox.ru', 'list.ru',
  'internet.ru', 'rambler.ru', 'lenta.ru', 'outlook.com', 'hotmail.com', 'live.com', 'icloud.com', 'me.com', 'yahoo.com', 'proton.me',
  'protonmail.com', 'mail.kz', 'inbox.kz', 'gmx.com', 'aol.com', 'qip.ru', 'autorambler.ru', 'myrambler.ru',
]);

export interface QuarantinedLetter { id: number; from: string; subject: string; reason: string | null }

/** The domain of an address, lower-cased; null when it has none or it is a public mail service's. */
export function organisationDomain(address: string): string | null {
  const at = address.lastIndexOf('@');
  const domain = at > 0 ? address.slice(at + 1).trim().toLowerCase() : '';
  return domain && domain.includes('.') && !PUBLIC_MAIL_DOMAINS.has(domain) ? domain : null;
}

/** The organisation a quarantined letter's sender belongs to: by its address, else by its domain when one organisation has it. */
async function organisationOfLetter(db: DB, address: string): Promise<number | null> {
  if (!address) return null;
  const exact = await db.selectFrom('suppliers_sender').select('organisation_id').where('email', '=', address).executeTakeFirst();
  if (exact) return exact.organisation_id;
  const domain = organisationDomain(address);
  if (!domain) return null;
  const suffix = `%@${domain.replace(/[\\%_]/g, '\\$&')}`;
  const { rows } = await sql<{ organisation_id: number }>`
    select organisation_id from suppliers_sender where email like ${suffix}
    union
    select supplier_organisation_id from auth_user where supplier_organisation_id is not null and lower(email) like ${suffix}
    limit 2`.execute(db);
  return rows.length === 1 ? rows[0]!.organisation_id : null;
}

const MANAGING_COLUMNS = ROLES.filter((role) => ROLE_CAPABILITIES[role].includes('suppliers.manage')).map((role) => ROLE_COLUMN[role]);

/**
 * Tells of a letter just quarantined, in the transaction that stores it: a letter (a `mail.send`
 * job keyed by the letter and the person, so each goes once) to every employee with
 * `suppliers.manage` and a confirmed address, and the sender's organisation's notice.
 */
export async function noticeQuarantinedLetter(db: DB, letter: QuarantinedLetter, origin: string): Promise<{ employees: number; organisationId: number | null }> {
  const subject = letter.subject || 'без темы';
  const why = letter.reason ? ` Причина: ${letter.reason}.` : '';
  const staff = await db.selectFrom('auth_user').select(['id', 'email'])
    .where((eb) => eb.or(MANAGING_COLUMNS.map((column) => eb(column, '=', true))))
    .where('email', 'is not', null).where('email_verified_at', 'is not', null).execute();
  for (const person of staff) {
    await enqueueMail(db, {
      to: person.email!, subject: 'Письмо поставщика на проверке — «Агротехника»',
      text: `Письмо с адреса ${letter.from || 'без адреса'} («${subject}») отложено на проверку.${why}\n\n`
        + `Отдайте его поставщику (адрес добавится к его отправителям) или удалите: ${origin}/suppliers/admin/quarantine`,
    }, { key: `suppliers.quarantine:${letter.id}:${person.id}` });
  }
  const organisationId = await organisationOfLetter(db, letter.from);
  if (organisationId !== null) {
    await notifyOrganisation(db, organisationId, {
      kind: 'quarantined',
      text: `Письмо с адреса ${letter.from} («${subject}») отложено на проверку менеджером: прайс-листы принимаются только с адресов отправителей, указанных в настройках поставщика.${why}`,
    }, origin);
  }
  return { employees: staff.length, organisationId };
}
