import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { createUser, setRole } from '#app/modules/auth/users.server.ts';
import { acceptInvitation, invitationOf, pendingInvitations } from './invitations.server.ts';
import { INVITATION_MESSAGES, SUPPLIER_MESSAGES } from './suppliers.schema.ts';
import { addMember, createOrganisation } from './suppliers.server.ts';
import { createApp } from '../../../server/app.ts';
import { fakeServerBuild } from '../../../server/test-build.ts';
import { signedInClient, testClient } from '../../../server/test-client.ts';
import * as invitationRoute from '../../routes/supplier-invitation.$token.tsx';

/*
 * Inviting a supplier's person who has no account (issue 32 §1, ADR 101) on both engines: the letter
 * with its link (a job through the outbox), the link working once, until it expires, for the invited
 * address only, never for staff or another organisation's user; a new invitation ends the older one.
 * On PostgreSQL, parallel uses of one link attach the account once.
 */

const ORIGIN = 'https://shop.test';
let t: TestDatabase;
let actor: { userId: number; name: string };
let org: number;

async function invite(email: string, organisationId = org): Promise<string> {
  expect(await addMember(t.db, actor, organisationId, email, ORIGIN)).toEqual({ ok: true, value: 'invited' });
  const job = await t.db.selectFrom('job').select(['payload', 'key']).where('kind', '=', 'mail.send').where('key', 'like', 'suppliers.invite:%')
    .orderBy('id', 'desc').executeTakeFirstOrThrow();
  const payload = (typeof job.payload === 'string' ? JSON.parse(job.payload) : job.payload) as { to: string; subject: string; text: string };
  expect(payload.to).toBe(email.trim().toLowerCase());
  const token = new RegExp(`${ORIGIN}/supplier-invitation/([A-Za-z0-9_-]{43})`).exec(payload.text)?.[1];
  expect(token).toBeDefined();
  return token!;
}

const account = (name: string, email: string) => createUser(t.db, { name, email, password: 'secret1', emailVerified: true });
const membership = (userId: number) => t.db.selectFrom('auth_user').select(['is_supplier', 'supplier_organisation_id']).where('id', '=', userId).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestDatabase({ DATABASE_POOL_SIZE: '10' });
  const id = await account('Ирина Закупкина', 'invite-staff@agro.test');
  await setRole(t.db, id, 'employee');
  actor = { userId: id, name: 'Ирина Закупкина' };
  const made = await createOrganisation(t.db, actor, { name: 'ООО «Приглашение»', inn: '' });
  org = made.ok ? made.value : 0;
}, 120_000);
afterAll(() => t.destroy());

describe('an invitation', () => {
  it('sends a letter with a link that lets the invited address in once; the organisation\'s page lists it until then', async () => {
    const token = await invite(' New.Person@Gidro.test ');
    const job = await t.db.selectFrom('job').select('payload').where('key', 'like', 'suppliers.invite:%').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const letter = (typeof job.payload === 'string' ? JSON.parse(job.payload) : job.payload) as { subject: string; text: string };
    expect(letter.subject).toBe('Приглашение в кабинет поставщика «Агротехники»');
    expect(letter.text).toContain('Ирина Закупкина приглашает вас в кабинет поставщика «ООО «Приглашение»»');
    expect(await invitationOf(t.db, token)).toMatchObject({ organisation: 'ООО «Приглашение»', email: 'new.person@gidro.test' });
    expect((await pendingInvitations(t.db, org)).map((i) => i.email)).toEqual(['new.person@gidro.test']);
    // The token is kept as its digest only.
    expect(await t.db.selectFrom('suppliers_invitation').select('id').where('token_digest', '=', token).executeTakeFirst()).toBeUndefined();

    // Another account cannot take it, nor staff with the address; the invited one can, once.
    const other = await account('Чужой Человек', 'other@gidro.test');
    expect(await acceptInvitation(t.db, token, other)).toEqual({ ok: false, message: INVITATION_MESSAGES.otherEmail('new.person@gidro.test') });
    const person = await account('Новый Поставщиков', 'new.person@gidro.test');
    expect(await acceptInvitation(t.db, token, person)).toEqual({ ok: true, attached: true });
    expect(await membership(person)).toEqual({ is_supplier: true, supplier_organisation_id: org });
    expect(await acceptInvitation(t.db, token, person)).toEqual({ ok: true, attached: false });
    expect(await acceptInvitation(t.db, token, other)).toEqual({ ok: false, message: INVITATION_MESSAGES.invalid });
    expect(await invitationOf(t.db, token)).toBeNull();
    expect(await pendingInvitations(t.db, org)).toEqual([]);
    const audit = await t.db.selectFrom('audit_log').select(['action', 'actor_id']).where('entity', '=', 'supplier').where('entity_id', '=', String(org))
      .where('action', 'in', ['supplier.member_invite', 'supplier.member_join']).orderBy('id').execute();
    expect(audit).toEqual([{ action: 'supplier.member_invite', actor_id: actor.userId }, { action: 'supplier.member_join', actor_id: person }]);
  });

  it('expires; a new invitation of the address ends the older one; unknown and malformed tokens are nobody\'s', async () => {
    const first = await invite('late@gidro.test');
    const second = await invite('late@gidro.test');
    expect(await invitationOf(t.db, first)).toBeNull();
    const late = await account('Опоздавший', 'late@gidro.test');
    expect(await acceptInvitation(t.db, first, late)).toEqual({ ok: false, message: INVITATION_MESSAGES.invalid });
    await sql`update suppliers_invitation set expires_at = now() - interval '1 minute' where accepted_at is null and email = 'late@gidro.test'`.execute(t.db);
    expect(await invitationOf(t.db, second)).toBeNull();
    expect(await acceptInvitation(t.db, second, late)).toEqual({ ok: false, message: INVITATION_MESSAGES.invalid });
    expect(await membership(late)).toEqual({ is_supplier: false, supplier_organisation_id: null });
    for (const bad of ['', 'x', 'A'.repeat(43), `${'A'.repeat(42)}\u0000`, '../../etc/passwd', 'A'.repeat(5000)]) {
      expect(await invitationOf(t.db, bad)).toBeNull();
      expect(await acceptInvitation(t.db, bad, late)).toEqual({ ok: false, message: INVITATION_MESSAGES.invalid });
    }
  });

  it('never makes staff or another organisation\'s user a supplier of this one', async () => {
    const token = await invite('later-staff@gidro.test');
    const staff = await account('Будущий Сотрудник', 'later-staff@gidro.test');
    await setRole(t.db, staff, 'employee');
    expect(await acceptInvitation(t.db, token, staff)).toEqual({ ok: false, message: SUPPLIER_MESSAGES.userStaff });

    const elsewhere = await createOrganisation(t.db, actor, { name: 'ООО «Другая»', inn: '' });
    const elsewhereId = elsewhere.ok ? elsewhere.value : 0;
    const busyToken = await invite('busy@gidro.test');
    const busy = await account('Занятой', 'busy@gidro.test');
    expect(await addMember(t.db, actor, elsewhereId, 'busy@gidro.test', ORIGIN)).toEqual({ ok: true, value: 'added' });
    expect(await acceptInvitation(t.db, busyToken, busy)).toEqual({ ok: false, message: SUPPLIER_MESSAGES.userElsewhere('ООО «Другая»') });
    expect(await membership(busy)).toEqual({ is_supplier: true, supplier_organisation_id: elsewhereId });
  });
});

describe('/supplier-invitation/{token} over HTTP', () => {
  it('shows the invitation to a guest without taking it; a signed-in owner of the address takes it once; anything else a 4xx, never a 500', async () => {
    const app = createApp({ services: t.services, build: fakeServerBuild({ 'routes/supplier-invitation.$token': { path: 'supplier-invitation/:token', module: invitationRoute } }) });
    const token = await invite('http-person@gidro.test');
    const guest = testClient(t.services, { app });
    const shown = await guest.get(`/supplier-invitation/${token}`);
    expect(shown.status).toBe(200);
    expect(await invitationOf(t.db, token)).not.toBeNull();
    // A guest's press goes to sign in first, back here afterwards.
    const asGuest = await guest.form(`/supplier-invitation/${token}`, {});
    expect([302, 303]).toContain(asGuest.status);
    expect(asGuest.headers.get('location')).toBe(`/login?redirect=${encodeURIComponent(`/supplier-invitation/${token}`)}`);
    for (const bad of ['x', '%00', 'A'.repeat(43), encodeURIComponent('<script>'), 'A'.repeat(3000)]) {
      expect((await guest.get(`/supplier-invitation/${bad}`)).status).toBe(404);
    }

    const { id, client } = await signedInClient(t.services, { email: 'http-person@gidro.test', name: 'Ольга Ссылкина', app });
    // Without the CSRF field the press is refused and nothing is taken.
    expect((await client.form(`/supplier-invitation/${token}`, {}, { csrf: false })).status).toBe(403);
    expect(await membership(id)).toEqual({ is_supplier: false, supplier_organisation_id: null });
    const taken = await client.form(`/supplier-invitation/${token}`, {});
    expect(taken.status).toBe(303);
    expect(taken.headers.get('location')).toBe('/suppliers');
    expect(await membership(id)).toEqual({ is_supplier: true, supplier_organisation_id: org });
    expect((await client.get(`/supplier-invitation/${token}`)).status).toBe(404);
    // A bad token pressed: 409 with the reason, in Russian.
    const wrong = await client.form(`/supplier-invitation/${'B'.repeat(43)}`, {});
    expect(wrong.status).toBe(409);
  });
});

describe.runIf(process.env.DATABASE_URL)('one link used in parallel (PostgreSQL)', () => {
  it('attaches the account once', async () => {
    if (t.engine !== 'postgresql') return;
    const token = await invite('parallel@gidro.test');
    const person = await account('Параллельный', 'parallel@gidro.test');
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => acceptInvitation(t.db, token, person)));
    expect(outcomes.filter((o) => o.ok && o.attached)).toHaveLength(1);
    expect(outcomes.every((o) => o.ok)).toBe(true);
    const joins = await t.db.selectFrom('audit_log').select('id').where('action', '=', 'supplier.member_join').where('actor_id', '=', person).execute();
    expect(joins).toHaveLength(1);
  });
});
