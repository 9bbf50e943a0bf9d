import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { signedInContext } from '#app/.server/test-context.ts';
import { createUser, setRole } from '#app/modules/auth/users.server.ts';
import { MAX_API_TOKENS, SUPPLIER_MESSAGES, markupFor, newSupplierInput, supplierSettingsInput } from './suppliers.schema.ts';
import {
  addMember, createOrganisation, createToken, ensureOrganisationFor, grantRole, listOrganisations, organisationForEditing, organisationOfToken,
  removeMember, revokeToken, supplierScope, updateSettings,
} from './suppliers.server.ts';

/*
 * Supplier organisations (issue 32 §1, ADR 091) on both engines: made and found, settings checked and
 * saved with their audit record, people added and removed, API tokens shown once and revocable, and the
 * command line's supplier given an organisation of his own. The limits hold under parallel requests
 * (real parallelism on PostgreSQL).
 */

const ORIGIN = 'https://shop.test';
let t: TestDatabase;
let actor: { userId: number; name: string };

const settings = (over: Record<string, unknown> = {}) => supplierSettingsInput.parse({
  name: 'ООО «Агродеталь»', inn: '', sources: ['upload', 'mail'], senders: 'Price@Agrodetal.ru\nstock@agrodetal.ru', currency: 'RUB',
  leadTimeDays: '5', markupRules: [{ from: '0', percent: '25' }, { from: '10 000', percent: '15' }, { from: '', percent: '' }],
  autoPublishMaxChange: '20', missingRows: 'deactivate', ...over,
});

beforeAll(async () => {
  t = await createTestDatabase();
  const id = await createUser(t.db, { name: 'Ирина Закупкина', email: 'buyer-staff@agro.test', password: 'secret1', emailVerified: true });
  await setRole(t.db, id, 'employee');
  actor = { userId: id, name: 'Ирина Закупкина' };
});
afterAll(() => t.destroy());

describe('the settings form', () => {
  it('reads senders, markups and numbers as typed, and refuses what cannot be', () => {
    const s = settings();
    expect(s.senders).toEqual(['price@agrodetal.ru', 'stock@agrodetal.ru']);
    expect(s.markupRules).toEqual([{ from: 0, percent: 25 }, { from: 1_000_000, percent: 15 }]);
    expect(markupFor(s.markupRules, 999_999)).toBe(25);
    expect(markupFor(s.markupRules, 1_000_000)).toBe(15);
    const bad = (over: Record<string, unknown>) => supplierSettingsInput.safeParse({ ...settingsRaw(), ...over }).error?.issues[0]?.message;
    expect(bad({ senders: 'not-an-address' })).toBe(SUPPLIER_MESSAGES.sender);
    expect(bad({ markupRules: [{ from: '100', percent: '10' }, { from: '50', percent: '5' }] })).toBe(SUPPLIER_MESSAGES.markup);
    expect(bad({ markupRules: [{ from: '100', percent: '' }] })).toBe(SUPPLIER_MESSAGES.markup);
    expect(bad({ leadTimeDays: '400' })).toBe(SUPPLIER_MESSAGES.leadTime);
    expect(bad({ autoPublishMaxChange: '-1' })).toBe(SUPPLIER_MESSAGES.threshold);
    expect(supplierSettingsInput.safeParse({ ...settingsRaw(), sources: ['fax'] }).success).toBe(false);
    expect(newSupplierInput.safeParse({ name: 'ООО\u0000', inn: '' }).success).toBe(false);
    expect(newSupplierInput.safeParse({ name: 'ООО «Ромашка»', inn: '7707083893' }).success).toBe(true);
    expect(newSupplierInput.safeParse({ name: 'ООО «Ромашка»', inn: '7707083894' }).error?.issues[0]?.message).toBe(SUPPLIER_MESSAGES.inn);
  });
});

function settingsRaw() {
  return {
    name: 'ООО «Агродеталь»', inn: '', sources: ['upload'], senders: '', currency: 'RUB', leadTimeDays: '5',
    markupRules: [], autoPublishMaxChange: '20', missingRows: 'keep',
  };
}

describe('organisations', () => {
  it('are made once per name, found by name or INN, and saved with an audit record of what changed', async () => {
    const made = await createOrganisation(t.db, actor, { name: 'ООО «Агродеталь»', inn: '7707083893' });
    expect(made.ok).toBe(true);
    const id = made.ok ? made.value : 0;
    expect(await createOrganisation(t.db, actor, { name: 'ооо «агродеталь»', inn: '' })).toEqual({ ok: false, message: SUPPLIER_MESSAGES.nameTaken, field: 'name' });
    expect((await listOrganisations(t.db, 'агродет')).map((o) => o.id)).toEqual([id]);
    expect((await listOrganisations(t.db, '7707083893')).map((o) => o.id)).toEqual([id]);
    expect(await listOrganisations(t.db, '%')).toEqual([]);
    expect((await listOrganisations(t.db, 'агро\u0000дет')).map((o) => o.id)).toEqual([id]);

    expect(await updateSettings(t.db, actor, id, settings({ inn: '7707083893' }))).toEqual({ ok: true, value: undefined });
    const saved = await organisationForEditing(t.db, id);
    expect(saved).toMatchObject({ sources: ['mail', 'upload'], senders: ['price@agrodetal.ru', 'stock@agrodetal.ru'], leadTimeDays: 5, markupRules: [{ from: 0, percent: 25 }, { from: 1_000_000, percent: 15 }] });
    const audit = await t.db.selectFrom('audit_log').select(['action', 'before', 'after']).where('entity', '=', 'supplier').where('entity_id', '=', String(id)).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['supplier.create', 'supplier.settings']);
    expect(JSON.stringify(audit[1]!.after)).toContain('stock@agrodetal.ru');
    expect(JSON.stringify(audit[1]!.after)).not.toContain('"currency"');

    // A sender of another organisation is refused by name, and nothing of the form is written.
    const other = await createOrganisation(t.db, actor, { name: 'ИП Болтов', inn: '' });
    const otherId = other.ok ? other.value : 0;
    expect(await updateSettings(t.db, actor, otherId, settings({ name: 'ИП Болтов', senders: 'price@agrodetal.ru', leadTimeDays: '9' })))
      .toEqual({ ok: false, message: SUPPLIER_MESSAGES.senderTaken('price@agrodetal.ru', 'ООО «Агродеталь»'), field: 'senders' });
    expect((await organisationForEditing(t.db, otherId))?.leadTimeDays).toBe(0);
    expect(await updateSettings(t.db, actor, 999_999, settings())).toEqual({ ok: false, message: SUPPLIER_MESSAGES.notFound });
  });

  it('take registered users, never staff or another organisation\'s, and let them go', async () => {
    const org = await createOrganisation(t.db, actor, { name: 'ООО «Гидравлика»', inn: '' });
    const id = org.ok ? org.value : 0;
    const user = await createUser(t.db, { name: 'Пётр Прайсов', email: 'petr@gidravlika.ru', password: 'secret1', emailVerified: true });
    // An address without an account is invited (invitations.server.test.ts); one that is no address is refused.
    expect(await addMember(t.db, actor, id, 'nobody@gidravlika.ru', ORIGIN)).toEqual({ ok: true, value: 'invited' });
    expect(await addMember(t.db, actor, id, 'petr\u0000@gidravlika.ru', ORIGIN)).toMatchObject({ ok: false, message: SUPPLIER_MESSAGES.email });
    expect(await addMember(t.db, actor, id, 'x'.repeat(300) + '@gidravlika.ru', ORIGIN)).toMatchObject({ ok: false, message: SUPPLIER_MESSAGES.email });
    expect(await addMember(t.db, actor, id, 'petr gidravlika.ru', ORIGIN)).toMatchObject({ ok: false, message: SUPPLIER_MESSAGES.email });
    expect(await addMember(t.db, actor, id, 'buyer-staff@agro.test', ORIGIN)).toMatchObject({ ok: false, message: SUPPLIER_MESSAGES.userStaff });
    expect(await addMember(t.db, actor, id, ' Petr@Gidravlika.ru ', ORIGIN)).toEqual({ ok: true, value: 'added' });
    expect(await t.db.selectFrom('auth_user').select(['is_supplier', 'supplier_organisation_id']).where('id', '=', user).executeTakeFirst()).toEqual({ is_supplier: true, supplier_organisation_id: id });
    const elsewhere = await createOrganisation(t.db, actor, { name: 'ООО «Другие»', inn: '' });
    expect(await addMember(t.db, actor, elsewhere.ok ? elsewhere.value : 0, 'petr@gidravlika.ru', ORIGIN)).toMatchObject({ ok: false, message: SUPPLIER_MESSAGES.userElsewhere('ООО «Гидравлика»') });
    expect((await organisationForEditing(t.db, id))?.members.map((m) => m.name)).toEqual(['Пётр Прайсов']);
    // Removing him from another organisation's page does nothing.
    expect((await removeMember(t.db, actor, elsewhere.ok ? elsewhere.value : 0, user)).ok).toBe(false);
    expect(await removeMember(t.db, actor, id, user)).toEqual({ ok: true, value: undefined });
    expect(await t.db.selectFrom('auth_user').select(['is_supplier', 'supplier_organisation_id']).where('id', '=', user).executeTakeFirst()).toEqual({ is_supplier: false, supplier_organisation_id: null });
  });
});

describe('API tokens', () => {
  it('are shown once, kept as digests, speak for their organisation until revoked', async () => {
    const org = await createOrganisation(t.db, actor, { name: 'ООО «Токен»', inn: '' });
    const id = org.ok ? org.value : 0;
    const made = await createToken(t.db, actor, id, 'Выгрузка из 1С');
    expect(made.ok).toBe(true);
    const token = made.ok ? made.value : '';
    expect(token).toMatch(/^sup_[A-Za-z0-9_-]{43}$/);
    const stored = await t.db.selectFrom('suppliers_api_token').selectAll().where('organisation_id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(token.slice(4));
    expect(stored.token_prefix).toBe(token.slice(0, 10));
    expect(await organisationOfToken(t.db, token)).toBe(id);
    expect(await organisationOfToken(t.db, token + 'x')).toBeNull();
    expect(await organisationOfToken(t.db, 'Bearer ' + token)).toBeNull();
    expect((await organisationForEditing(t.db, id))?.tokens[0]?.lastUsedAt).not.toBeNull();
    expect(await revokeToken(t.db, actor, id, stored.id)).toEqual({ ok: true, value: undefined });
    expect(await organisationOfToken(t.db, token)).toBeNull();
    expect((await revokeToken(t.db, actor, id, stored.id)).ok).toBe(false);
    const audit = await t.db.selectFrom('audit_log').select(['action', 'after', 'before']).where('entity', '=', 'supplier').where('entity_id', '=', String(id)).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['supplier.create', 'supplier.token_create', 'supplier.token_revoke']);
    expect(JSON.stringify(audit)).not.toContain(token);
  });

  it(`hold at most ${MAX_API_TOKENS} live at once, asked for in parallel`, async () => {
    const org = await createOrganisation(t.db, actor, { name: 'ООО «Много токенов»', inn: '' });
    const id = org.ok ? org.value : 0;
    const made = await Promise.all(Array.from({ length: MAX_API_TOKENS + 5 }, (_, i) => createToken(t.db, actor, id, `Токен ${i}`)));
    expect(made.filter((m) => m.ok)).toHaveLength(MAX_API_TOKENS);
    expect(made.filter((m) => !m.ok).map((m) => !m.ok && m.message)).toEqual(Array(5).fill(SUPPLIER_MESSAGES.tooManyTokens));
    expect(Number((await t.db.selectFrom('suppliers_api_token').select((e) => e.fn.countAll().as('n')).where('organisation_id', '=', id).executeTakeFirstOrThrow()).n)).toBe(MAX_API_TOKENS);
  });
});

describe('a supplier made from the command line', () => {
  it('gets an organisation named after him, once, however many grants run at once', async () => {
    const user = await createUser(t.db, { name: 'ООО «Агродеталь»', email: 'same-name@agrodetal.ru', password: 'secret1', emailVerified: true });
    const grants = await Promise.all(Array.from({ length: 5 }, () => grantRole(t.db, user, 'supplier')));
    const ids = new Set(grants.map((g) => g?.id));
    expect(ids.size).toBe(1);
    expect(grants.filter((g) => g?.created)).toHaveLength(1);
    // The name was taken by an organisation made earlier in this file: his carries his id.
    expect(grants[0]?.name).toBe(`ООО «Агродеталь» (#${user})`);
    expect(await ensureOrganisationFor(t.db, user)).toMatchObject({ id: grants[0]?.id, created: false });
    expect(await grantRole(t.db, user, 'employee')).toBeNull();
  });
});

describe('the cabinet\'s scope', () => {
  it('is the signed-in user\'s own organisation, for two suppliers of two organisations; none for a portal user; refused to a customer', async () => {
    const made = async (name: string) => {
      const user = await createUser(t.db, { name, email: `${name.length}-${Date.now()}-${Math.random()}@scope.test`, password: 'secret1', emailVerified: true });
      return { user, org: (await grantRole(t.db, user, 'supplier'))! };
    };
    const a = await made('Анна Первая');
    const b = await made('Борис Второй');
    expect(a.org.id).not.toBe(b.org.id);
    expect((await supplierScope(await signedInContext(t.services, a.user))).organisation).toEqual({ id: a.org.id, name: a.org.name });
    expect((await supplierScope(await signedInContext(t.services, b.user))).organisation).toEqual({ id: b.org.id, name: b.org.name });
    const portal = await createUser(t.db, { name: 'Портал', email: 'portal@scope.test', password: 'secret1', emailVerified: true });
    await setRole(t.db, portal, 'pp_access');
    expect((await supplierScope(await signedInContext(t.services, portal))).organisation).toBeNull();
    const customer = await createUser(t.db, { name: 'Покупатель', email: 'customer@scope.test', password: 'secret1', emailVerified: true });
    await expect(supplierScope(await signedInContext(t.services, customer))).rejects.toMatchObject({ status: 403 });
  });
});
