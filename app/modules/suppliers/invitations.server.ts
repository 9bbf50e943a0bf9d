import { createHash, randomBytes } from 'node:crypto';
import { recordAudit } from '#app/.server/audit.ts';
import { now } from '#app/.server/clock.ts';
import type { DB } from '#app/.server/db/connect.ts';
import { enqueueMail } from '#app/.server/jobs/mail.ts';
import type { Staff } from '#app/modules/auth/staff.server.ts';
import { INVITATION_DAYS, INVITATION_MESSAGES, SUPPLIER_MESSAGES } from './suppliers.schema.ts';

/*
 * Invitations of people who have no account yet (issue 32 §1, ADR 101). An employee adds an e-mail
 * nobody registered at /suppliers/admin/edit/{id}: an invitation with a random token (kept as its
 * digest, like the API tokens) and its letter (a `mail.send` job keyed by the invitation) are written
 * in the transaction that checks the organisation. The link works once and for INVITATION_DAYS;
 * a new invitation of the same address to the same organisation ends the older ones. The person
 * signs in or registers with that address and takes the invitation: the account becomes the
 * organisation's supplier, once, under the invitation's row lock.
 */

type Actor = Pick<Staff, 'userId' | 'name'>;

/** The path an invitation's link opens. */
export const INVITATION_PATH = '/supplier-invitation';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Writes an invitation of `email` to the organisation and enqueues its letter, in the caller's transaction. */
export async function inviteToOrganisation(trx: DB, actor: Actor, organisation: { id: number; name: string }, email: string, origin: string, ip: string | null): Promise<void> {
  const at = now();
  await trx.updateTable('suppliers_invitation').set({ expires_at: at })
    .where('organisation_id', '=', organisation.id).where('email', '=', email).where('accepted_at', 'is', null).where('expires_at', '>', at).execute();
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(at.getTime() + INVITATION_DAYS * 86_400_000);
  const { id } = await trx.insertInto('suppliers_invitation')
    .values({ organisation_id: organisation.id, email, token_digest: digest(token), invited_by: actor.userId, expires_at: expires })
    .returning('id').executeTakeFirstOrThrow();
  const until = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'long', timeZone: 'Europe/Moscow' }).format(expires);
  await enqueueMail(trx, {
    to: email,
    subject: 'Приглашение в кабинет поставщика «Агротехники»',
    text: `Здравствуйте!\n\n${actor.name} приглашает вас в кабинет поставщика «${organisation.name}» на сайте «Агротехники»: `
      + `там вы загружаете прайс-листы, видите, как они обработаны, и получаете уведомления.\n\n`
      + `Перейдите по ссылке, войдите или зарегистрируйтесь с адресом ${email} — и вы окажетесь в кабинете:\n${origin}${INVITATION_PATH}/${token}\n\n`
      + `Ссылка действует до ${until} и срабатывает один раз. Если вы не ждали этого письма, просто удалите его.`,
  }, { key: `suppliers.invite:${id}` });
  await recordAudit(trx, { actor, action: 'supplier.member_invite', entity: 'supplier', entityId: organisation.id, after: { email }, ip });
}

export interface InvitationView { organisation: string; email: string; expiresAt: string }

/** A live invitation by its link's token (not taken, not expired), or null. */
export async function invitationOf(db: DB, token: string): Promise<InvitationView | null> {
  if (!TOKEN.test(token)) return null;
  const row = await db.selectFrom('suppliers_invitation as i').innerJoin('suppliers_organisation as o', 'o.id', 'i.organisation_id')
    .select(['o.name', 'i.email', 'i.expires_at']).where('i.token_digest', '=', digest(token))
    .where('i.accepted_at', 'is', null).where('i.expires_at', '>', now()).executeTakeFirst();
  return row ? { organisation: row.name, email: row.email, expiresAt: row.expires_at.toISOString() } : null;
}

export type AcceptOutcome = { ok: true; attached: boolean } | { ok: false; message: string };

/**
 * The signed-in user takes the invitation: his account (with the invited address; not staff, not
 * another organisation's) becomes the organisation's supplier. Under the invitation's row lock, so
 * of parallel uses one attaches (`attached`); the same user's others answer ok without a change,
 * anyone else's are refused as used.
 */
export async function acceptInvitation(db: DB, token: string, userId: number, ip: string | null = null): Promise<AcceptOutcome> {
  if (!TOKEN.test(token)) return { ok: false, message: INVITATION_MESSAGES.invalid };
  return db.transaction().execute(async (trx): Promise<AcceptOutcome> => {
    const invitation = await trx.selectFrom('suppliers_invitation').select(['id', 'organisation_id', 'email', 'expires_at', 'accepted_at', 'accepted_by'])
      .where('token_digest', '=', digest(token)).forUpdate().executeTakeFirst();
    if (!invitation) return { ok: false, message: INVITATION_MESSAGES.invalid };
    if (invitation.accepted_at !== null) {
      return invitation.accepted_by === userId ? { ok: true, attached: false } : { ok: false, message: INVITATION_MESSAGES.invalid };
    }
    if (invitation.expires_at <= now()) return { ok: false, message: INVITATION_MESSAGES.invalid };
    const user = await trx.selectFrom('auth_user').select(['id', 'name', 'email', 'supplier_organisation_id', 'is_employee', 'is_administrator'])
      .where('id', '=', userId).forUpdate().executeTakeFirst();
    if (!user) return { ok: false, message: INVITATION_MESSAGES.invalid };
    if ((user.email ?? '').toLowerCase() !== invitation.email) return { ok: false, message: INVITATION_MESSAGES.otherEmail(invitation.email) };
    if (user.is_employee || user.is_administrator) return { ok: false, message: SUPPLIER_MESSAGES.userStaff };
    if (user.supplier_organisation_id !== null && user.supplier_organisation_id !== invitation.organisation_id) {
      const owner = await trx.selectFrom('suppliers_organisation').select('name').where('id', '=', user.supplier_organisation_id).executeTakeFirst();
      return { ok: false, message: SUPPLIER_MESSAGES.userElsewhere(owner?.name ?? '') };
    }
    await trx.updateTable('suppliers_invitation').set({ accepted_at: now(), accepted_by: userId }).where('id', '=', invitation.id).execute();
    await trx.updateTable('auth_user').set({ supplier_organisation_id: invitation.organisation_id, is_supplier: true }).where('id', '=', userId).execute();
    await recordAudit(trx, {
      actor: { userId, name: user.name }, action: 'supplier.member_join', entity: 'supplier', entityId: invitation.organisation_id,
      after: { user: `${user.name} (#${user.id})`, email: invitation.email }, ip,
    });
    return { ok: true, attached: true };
  });
}

/** The organisation's invitations not yet taken nor expired (the admin's list), newest first. */
export async function pendingInvitations(db: DB, organisationId: number): Promise<Array<{ email: string; expiresAt: string }>> {
  const rows = await db.selectFrom('suppliers_invitation').select(['email', 'expires_at'])
    .where('organisation_id', '=', organisationId).where('accepted_at', 'is', null).where('expires_at', '>', now())
    .orderBy('id', 'desc').limit(50).execute();
  return rows.map((r) => ({ email: r.email, expiresAt: r.expires_at.toISOString() }));
}
