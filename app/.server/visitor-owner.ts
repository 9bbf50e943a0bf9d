import { sql } from 'kysely';
import type { RequestContext } from './context.ts';
import type { DB } from './db/connect.ts';

/*
 * Who owns what a visitor keeps (the comparison, the history, the cart): his account when he is
 * signed in, else his guest session; what a guest keeps joins the account at sign-in
 * (`SignInHandler`, session.ts). The owner's rows carry `user_id` or `session_id`, exactly one.
 */

export type Owner = { userId: number; sessionId?: undefined } | { sessionId: string; userId?: undefined };

/** The visitor's owner; null: a guest without a session (he has stored nothing yet). */
export function ownerOf(ctx: RequestContext): Owner | null {
  const s = ctx.session;
  if (!s) return null;
  return s.userId !== null ? { userId: s.userId } : { sessionId: s.id };
}

/** As ownerOf, creating the guest's session on his first write. */
export async function ensureOwner(ctx: RequestContext): Promise<Owner> {
  const s = ctx.session ?? (await ctx.ensureSession());
  return s.userId !== null ? { userId: s.userId } : { sessionId: s.id };
}

/**
 * Serialises one owner's writes in a namespace (a module's own number) for the transaction: limits
 * and counts are checked and written by one request at a time, whatever arrives in parallel.
 */
export async function lockOwner(trx: DB, namespace: number, owner: Owner): Promise<void> {
  const key = owner.userId !== undefined ? `u:${owner.userId}` : `s:${owner.sessionId}`;
  await sql`select pg_advisory_xact_lock(${namespace}::int, hashtext(${key}))`.execute(trx);
}

/** `t.user_id = …` or `t.session_id = …` as a raw fragment for statements written in SQL. */
export function ownerIs(alias: string, owner: Owner) {
  return owner.userId !== undefined
    ? sql`${sql.ref(`${alias}.user_id`)} = ${owner.userId}`
    : sql`${sql.ref(`${alias}.session_id`)} = ${owner.sessionId}`;
}

/** The column that names the owner: `user_id` or `session_id`. */
export function ownerColumn(owner: Owner) {
  return sql.raw(owner.userId !== undefined ? 'user_id' : 'session_id');
}
