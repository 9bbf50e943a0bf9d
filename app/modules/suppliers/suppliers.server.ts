import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { changedFields, recordAudit } from '#app/.server/audit.ts';
import type { RequestContext } from '#app/.server/context.ts';
import type { DB } from '#app/.server/db/connect.ts';
import { isUniqueViolation } from '#app/.server/db/errors.ts';
import type { Role } from '#app/modules/auth/capabilities.rules.ts';
import { requireCapability, type Staff } from '#app/modules/auth/staff.server.ts';
import { setRole } from '#app/modules/auth/users.server.ts';
import { inviteToOrganisation } from './invitations.server.ts';
import {
  isEmailAddress, MAX_API_TOKENS, SUPPLIER_MESSAGES, type MissingRows, type NewSupplierInput, type SupplierSettingsInput, type SupplierSource,
} from './suppliers.schema.ts';

/*
 * Supplier organisations, their people, their API tokens (issue 32, ADR 091). Employees manage them
 * ('suppliers.manage'); a supplier's user reaches his own organisation's data only through
 * `supplierScope`, whose organisation id every query of the cabinet takes.
 */

type Actor = Pick<Staff, 'userId' | 'name'>;
export type Outcome<T = undefined> = { ok: true; value: T } | { ok: false; message: string; field?: string };

export interface OrganisationRow {
  id: number; name: string; inn: string | null; sources: SupplierSource[]; currency: string;
  members: number; tokens: number; createdAt: string;
}

export interface OrganisationSettings {
  id: number; name: string; inn: string | null; sources: SupplierSource[]; senders: string[]; currency: string;
  leadTimeDays: number; markupRules: Array<{ from: number; percent: number }>; autoPublishMaxChange: number; missingRows: MissingRows;
}

export interface OrganisationForEditing extends OrganisationSettings {
  members: Array<{ id: number; name: string; email: string | null }>;
  tokens: Array<{ id: number; name: string; prefix: string; createdAt: string; lastUsedAt: string | null; revokedAt: string | null }>;
}

/** The organisations, newest first, found by a part of the name or the INN. */
export async function listOrganisations(db: DB, q = ''): Promise<OrganisationRow[]> {
  let query = db.selectFrom('suppliers_organisation as o')
    .select(['o.id', 'o.name', 'o.inn', 'o.sources', 'o.currency', 'o.created_at'])
    .select((eb) => [
      eb.selectFrom('auth_user as u').whereRef('u.supplier_organisation_id', '=', 'o.id').select((e) => e.fn.countAll<number>().as('n')).as('members'),
      eb.selectFrom('suppliers_api_token as t').whereRef('t.organisation_id', '=', 'o.id').where('t.revoked_at', 'is', null).select((e) => e.fn.countAll<number>().as('n')).as('tokens'),
    ])
    .orderBy('o.id', 'desc').limit(200);
  // Characters nobody types (NUL among them, which PostgreSQL refuses in text) find nothing rather than fail.
  const term = q.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (term) query = query.where((eb) => eb.or([eb('o.name', 'ilike', `%${term.replace(/[\\%_]/g, '\\$&')}%`), eb('o.inn', '=', term)]));
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id, name: r.name, inn: r.inn, sources: r.sources as SupplierSource[], currency: r.currency,
    members: Number(r.members ?? 0), tokens: Number(r.tokens ?? 0), createdAt: r.created_at.toISOString(),
  }));
}

export async function createOrganisation(db: DB, actor: Actor, input: NewSupplierInput, ip: string | null = null): Promise<Outcome<number>> {
  try {
    return await db.transaction().execute(async (trx) => {
      const { id } = await trx.insertInto('suppliers_organisation').values({ name: input.name, inn: input.inn || null }).returning('id').executeTakeFirstOrThrow();
      await recordAudit(trx, { actor, action: 'supplier.create', entity: 'supplier', entityId: id, after: { name: input.name, inn: input.inn || null }, ip });
      return { ok: true as const, value: id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, message: SUPPLIER_MESSAGES.nameTaken, field: 'name' };
    throw error;
  }
}

/** The organisations' names by id, for the back-office's order page (a line ordered from a supplier, ADR 099). */
export async function organisationNames(db: DB, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('suppliers_organisation').select(['id', 'name']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function organisationForEditing(db: DB, id: number): Promise<OrganisationForEditing | null> {
  const settings = await settingsOf(db, id);
  if (!settings) return null;
  const [members, tokens] = await Promise.all([
    db.selectFrom('auth_user').select(['id', 'name', 'email']).where('supplier_organisation_id', '=', id).orderBy('name').execute(),
    db.selectFrom('suppliers_api_token').select(['id', 'name', 'token_prefix', 'created_at', 'last_used_at', 'revoked_at'])
      .where('organisation_id', '=', id).orderBy('id', 'desc').limit(50).execute(),
  ]);
  return {
    ...settings,
    members,
    tokens: tokens.map((t) => ({
      id: t.id, name: t.name, prefix: t.token_prefix, createdAt: t.created_at.toISOString(),
      lastUsedAt: t.last_used_at?.toISOString() ?? null, revokedAt: t.revoked_at?.toISOString() ?? null,
    })),
  };
}

async function settingsOf(db: DB, id: number): Promise<OrganisationSettings | null> {
  const [row, senders] = await Promise.all([
    db.selectFrom('suppliers_organisation').selectAll().where('id', '=', id).executeTakeFirst(),
    db.selectFrom('suppliers_sender').select('email').where('organisation_id', '=', id).orderBy('email').execute(),
  ]);
  if (!row) return null;
  const rules = typeof row.markup_rules === 'string' ? JSON.parse(row.markup_rules) as unknown : row.markup_rules;
  return {
    id: row.id, name: row.name, inn: row.inn, sources: row.sources as SupplierSource[], senders: senders.map((s) => s.email),
    currency: row.currency, leadTimeDays: row.lead_time_days, markupRules: rules as OrganisationSettings['markupRules'],
    autoPublishMaxChange: row.auto_publish_max_change, missingRows: row.missing_rows,
  };
}

/**
 * Saves an organisation's settings whole, with its senders, under the organisation's row lock; the
 * audit record keeps the fields that changed. A sender address of another organisation is refused
 * by name (a letter is matched to one organisation by its sender).
 */
export async function updateSettings(db: DB, actor: Actor, id: number, input: SupplierSettingsInput, ip: string | null = null): Promise<Outcome> {
  try {
    return await db.transaction().execute(async (trx): Promise<Outcome> => {
      const locked = await trx.selectFrom('suppliers_organisation').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
      if (!locked) return { ok: false, message: SUPPLIER_MESSAGES.notFound };
      const taken = input.senders.length === 0 ? undefined : await trx.selectFrom('suppliers_sender as s').innerJoin('suppliers_organisation as o', 'o.id', 's.organisation_id')
        .select(['s.email', 'o.name']).where('s.email', 'in', input.senders).where('s.organisation_id', '<>', id).executeTakeFirst();
      if (taken) return { ok: false, message: SUPPLIER_MESSAGES.senderTaken(taken.email, taken.name), field: 'senders' };
      const before = await settingsOf(trx as unknown as DB, id);
      await trx.updateTable('suppliers_organisation').set({
        name: input.name, inn: input.inn || null, sources: input.sources, currency: input.currency, lead_time_days: input.leadTimeDays,
        markup_rules: JSON.stringify(input.markupRules), auto_publish_max_change: input.autoPublishMaxChange, missing_rows: input.missingRows,
        updated_at: sql<Date>`clock_timestamp()`,
      }).where('id', '=', id).execute();
      await trx.deleteFrom('suppliers_sender').where('organisation_id', '=', id).execute();
      if (input.senders.length) await trx.insertInto('suppliers_sender').values(input.senders.map((email) => ({ email, organisation_id: id }))).execute();
      const after = await settingsOf(trx as unknown as DB, id);
      const flat = (s: OrganisationSettings | null) => s && { ...s, sources: s.sources.join(', '), senders: s.senders.join(', '), markupRules: JSON.stringify(s.markupRules) };
      const diff = changedFields(flat(before)!, flat(after)!);
      if (Object.keys(diff.after).length) await recordAudit(trx, { actor, action: 'supplier.settings', entity: 'supplier', entityId: id, ...diff, ip });
      // The storefront's prices of its offers carry the markup: what is kept of them is dropped (ADR 101).
      if ('markupRules' in diff.after) await sql`select pg_notify('data_changed', 'suppliers_offer')`.execute(trx);
      return { ok: true, value: undefined };
    });
  } catch (error) {
    // Two organisations saving one new address at the same moment: the primary key lets one through.
    if (isUniqueViolation(error)) return { ok: false, message: SUPPLIER_MESSAGES.senderTaken(input.senders.join(', '), 'другого поставщика'), field: 'senders' };
    throw error;
  }
}

/**
 * Makes an existing account a user of the organisation (and a supplier): 'added'. An address no
 * account has is invited (ADR 101): a letter with a link that works once for INVITATION_DAYS, 'invited'.
 */
export async function addMember(db: DB, actor: Actor, id: number, email: string, origin: string, ip: string | null = null): Promise<Outcome<'added' | 'invited'>> {
  return db.transaction().execute(async (trx): Promise<Outcome<'added' | 'invited'>> => {
    const org = await trx.selectFrom('suppliers_organisation').select(['id', 'name']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!org) return { ok: false, message: SUPPLIER_MESSAGES.notFound };
    const address = email.trim().toLowerCase();
    if (!isEmailAddress(address)) return { ok: false, message: SUPPLIER_MESSAGES.email, field: 'email' };
    const user = await trx.selectFrom('auth_user').select(['id', 'name', 'supplier_organisation_id', 'is_employee', 'is_administrator'])
      .where('email', '=', address).forUpdate().executeTakeFirst();
    if (!user) {
      await inviteToOrganisation(trx, actor, org, address, origin, ip);
      return { ok: true, value: 'invited' };
    }
    if (user.is_employee || user.is_administrator) return { ok: false, message: SUPPLIER_MESSAGES.userStaff, field: 'email' };
    if (user.supplier_organisation_id === id) return { ok: true, value: 'added' };
    if (user.supplier_organisation_id !== null) {
      const owner = await trx.selectFrom('suppliers_organisation').select('name').where('id', '=', user.supplier_organisation_id).executeTakeFirst();
      return { ok: false, message: SUPPLIER_MESSAGES.userElsewhere(owner?.name ?? ''), field: 'email' };
    }
    await trx.updateTable('auth_user').set({ supplier_organisation_id: id, is_supplier: true }).where('id', '=', user.id).execute();
    await recordAudit(trx, { actor, action: 'supplier.member_add', entity: 'supplier', entityId: id, after: { user: `${user.name} (#${user.id})` }, ip });
    return { ok: true, value: 'added' };
  });
}

/** Takes a user out of the organisation; without an organisation he is no longer a supplier. */
export async function removeMember(db: DB, actor: Actor, id: number, userId: number, ip: string | null = null): Promise<Outcome> {
  return db.transaction().execute(async (trx): Promise<Outcome> => {
    const user = await trx.updateTable('auth_user').set({ supplier_organisation_id: null, is_supplier: false })
      .where('id', '=', userId).where('supplier_organisation_id', '=', id).returning(['id', 'name']).executeTakeFirst();
    if (!user) return { ok: false, message: SUPPLIER_MESSAGES.notFound };
    await recordAudit(trx, { actor, action: 'supplier.member_remove', entity: 'supplier', entityId: id, before: { user: `${user.name} (#${user.id})` }, ip });
    return { ok: true, value: undefined };
  });
}

const TOKEN_PREFIX = 'sup_';

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A new API token for the organisation: returned once, kept as its digest. At most
 * MAX_API_TOKENS live at once, counted under the organisation's row lock (parallel requests
 * cannot pass the limit together).
 */
export async function createToken(db: DB, actor: Actor, id: number, name: string, ip: string | null = null): Promise<Outcome<string>> {
  return db.transaction().execute(async (trx): Promise<Outcome<string>> => {
    const org = await trx.selectFrom('suppliers_organisation').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!org) return { ok: false, message: SUPPLIER_MESSAGES.notFound };
    const { n } = await trx.selectFrom('suppliers_api_token').select((e) => e.fn.countAll<number>().as('n'))
      .where('organisation_id', '=', id).where('revoked_at', 'is', null).executeTakeFirstOrThrow();
    if (Number(n) >= MAX_API_TOKENS) return { ok: false, message: SUPPLIER_MESSAGES.tooManyTokens, field: 'tokenName' };
    const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
    const { id: tokenId } = await trx.insertInto('suppliers_api_token').values({
      organisation_id: id, name, token_hash: digest(token), token_prefix: token.slice(0, TOKEN_PREFIX.length + 6), created_by: actor.userId,
    }).returning('id').executeTakeFirstOrThrow();
    await recordAudit(trx, { actor, action: 'supplier.token_create', entity: 'supplier', entityId: id, after: { token: `${name} (#${tokenId})` }, ip });
    return { ok: true, value: token };
  });
}

export async function revokeToken(db: DB, actor: Actor, id: number, tokenId: number, ip: string | null = null): Promise<Outcome> {
  return db.transaction().execute(async (trx): Promise<Outcome> => {
    const revoked = await trx.updateTable('suppliers_api_token').set({ revoked_at: sql<Date>`clock_timestamp()` })
      .where('id', '=', tokenId).where('organisation_id', '=', id).where('revoked_at', 'is', null).returning(['id', 'name']).executeTakeFirst();
    if (!revoked) return { ok: false, message: SUPPLIER_MESSAGES.notFound };
    await recordAudit(trx, { actor, action: 'supplier.token_revoke', entity: 'supplier', entityId: id, before: { token: `${revoked.name} (#${revoked.id})` }, ip });
    return { ok: true, value: undefined };
  });
}

/** The organisation a bearer token speaks for, or null (unknown, revoked); notes its use. */
export async function organisationOfToken(db: DB, token: string): Promise<number | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 100) return null;
  const row = await db.updateTable('suppliers_api_token').set({ last_used_at: sql<Date>`clock_timestamp()` })
    .where('token_hash', '=', digest(token)).where('revoked_at', 'is', null).returning('organisation_id').executeTakeFirst();
  return row?.organisation_id ?? null;
}

/**
 * A supplier's user made from the command line (`npm run user -- grant --role supplier`) works for an
 * organisation: one named after him is made if he has none. Idempotent, and safe when run twice at once
 * (the user's row is locked).
 */
export async function ensureOrganisationFor(db: DB, userId: number): Promise<{ id: number; name: string; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('auth_user').select(['id', 'name', 'supplier_organisation_id']).where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
    if (user.supplier_organisation_id !== null) {
      const org = await trx.selectFrom('suppliers_organisation').select(['id', 'name']).where('id', '=', user.supplier_organisation_id).executeTakeFirstOrThrow();
      return { ...org, created: false };
    }
    const base = user.name.trim() || `Поставщик #${user.id}`;
    const clash = await trx.selectFrom('suppliers_organisation').select('id').where(sql`lower(name)`, '=', base.toLowerCase()).executeTakeFirst();
    const name = clash ? `${base} (#${user.id})` : base;
    const { id } = await trx.insertInto('suppliers_organisation').values({ name }).returning('id').executeTakeFirstOrThrow();
    await trx.updateTable('auth_user').set({ supplier_organisation_id: id, is_supplier: true }).where('id', '=', user.id).execute();
    return { id, name, created: true };
  });
}

/**
 * A role given or taken as `npm run user -- grant|revoke` and the journeys' `/__test/role` do it: a
 * supplier given the role without an organisation gets one named after him, so the command line
 * alone makes a working supplier.
 */
export async function grantRole(db: DB, userId: number, role: Role, granted = true): Promise<{ id: number; name: string; created: boolean } | null> {
  await setRole(db, userId, role, granted);
  return granted && role === 'supplier' ? ensureOrganisationFor(db, userId) : null;
}

/**
 * The one way the cabinet's screens learn whose data they show: the signed-in supplier's organisation.
 * A user with the cabinet's capability but no organisation (a parts-portal user) gets null, and the
 * screens that list an organisation's data show him none.
 */
export async function supplierScope(ctx: RequestContext): Promise<{ staff: Staff; organisation: { id: number; name: string } | null }> {
  const staff = await requireCapability(ctx, 'suppliers.cabinet');
  const organisation = await ctx.services.db.selectFrom('auth_user as u').innerJoin('suppliers_organisation as o', 'o.id', 'u.supplier_organisation_id')
    .select(['o.id', 'o.name']).where('u.id', '=', staff.userId).executeTakeFirst();
  return { staff, organisation: organisation ?? null };
}

/** What the cabinet's start shows of the organisation. */
export async function cabinetSummary(db: DB, organisationId: number): Promise<OrganisationSettings | null> {
  return settingsOf(db, organisationId);
}
