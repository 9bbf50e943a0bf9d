import { CompiledQuery, sql, type RawBuilder } from 'kysely';
import { now as clockNow, nowMs } from './clock.ts';
import type { SessionState } from './context.ts';
import type { DB } from './db/connect.ts';
import { keepPrepared } from './db/prepared.ts';
import { randomToken, sha256 } from './security/tokens.ts';

/*
 * Visitor sessions: the platform's, not a module's. Every visitor who stores something (a region, a
 * cart, a sign-in) gets one; accounts, regions, the cart and offers all read and write through here.
 * The table keeps its historical name `auth_session`.
 */

/** A guest's session lives half a year; sign-in rotates it. */
export const GUEST_SESSION_DAYS = 180;
const TOUCH_AFTER_MS = 60 * 60 * 1000;

/**
 * What a module reads about a signed-in visitor on every page he opens (his name and roles, his
 * marks, the size of his cart), read by the statement that finds his session: one round trip per
 * page instead of one per module. A module registers a fact once, when it loads: an SQL expression
 * over the session's user id (`user_id` of the row, never null where it is evaluated) whose value
 * arrives in `SessionState.facts` under its key, and which the module reads back
 * (`sessionFact`). Where a fact is missing (a guest, a request that writes, a session made during
 * the request) the module asks the database itself.
 */
export type SessionFactSql = (userId: RawBuilder<number>) => RawBuilder<unknown>;
const sessionFacts = new Map<string, SessionFactSql>();
/** Changes with every fact registered: a statement made before knows it is out of date. */
let factsVersion = 0;

export function registerSessionFact(key: string, expression: SessionFactSql): void {
  if (!/^[a-z][a-zA-Z]*$/.test(key)) throw new Error(`a session fact's key is a plain name: ${key}`);
  sessionFacts.set(key, expression);
  factsVersion++;
}

/** A fact read with the session, or undefined when it was not (then the caller queries). */
export function sessionFact(session: SessionState | null | undefined, key: string): unknown {
  return session?.facts?.[key];
}

/**
 * The session of a cookie's token, if it is valid. `withFacts`: read the registered facts of a
 * signed-in visitor too — for requests that only read (a page view), so that what a request writes
 * is never shadowed by what was read before it.
 */
export async function findSession(db: DB, token: string, { withFacts = false }: { withFacts?: boolean } = {}): Promise<SessionState | null> {
  const id = sha256(token);
  const statement = sessionStatement(db, withFacts);
  const parameters = [...statement.parameters];
  parameters[statement.idAt] = id;
  parameters[statement.nowAt] = clockNow();
  const [row] = (await db.executeQuery<SessionRow>(CompiledQuery.raw(statement.sql, parameters))).rows;
  if (!row) return null;
  // Write last_seen_at at most hourly so that reading pages does not cost a write per request.
  if (nowMs() - new Date(row.last_seen_at).getTime() > TOUCH_AFTER_MS) {
    await db.updateTable('auth_session').set({ last_seen_at: clockNow() }).where('id', '=', id).execute();
  }
  return { id, userId: row.user_id, areaId: row.area_id, areaConfirmed: row.area_confirmed, ...(row.facts ? { facts: row.facts } : {}) };
}

interface SessionRow { id: string; user_id: number | null; area_id: number | null; area_confirmed: boolean; last_seen_at: Date | string; facts?: Record<string, unknown> | null }

/** The session's statement: its text, its parameters and where the token's hash and the time go in them. */
interface SessionStatement { version: number; sql: string; parameters: readonly unknown[]; idAt: number; nowAt: number }

const sessionStatements = new WeakMap<DB, Map<boolean, SessionStatement>>();

/**
 * The session's statement is the same text on every page view, only its token and time change:
 * built and compiled once per database handle (and again after a fact is registered), not per
 * request. Kept prepared on the server too (prepared.ts).
 */
function sessionStatement(db: DB, withFacts: boolean): SessionStatement {
  let kept = sessionStatements.get(db);
  if (!kept) sessionStatements.set(db, (kept = new Map()));
  const made = kept.get(withFacts);
  if (made?.version === factsVersion) return made;
  // Placeholders found again by identity among the compiled parameters.
  const idMark = { id: true };
  const nowMark = new Date(0);
  const userId = sql<number>`s.user_id`;
  const facts = withFacts ? [...sessionFacts] : [];
  const query = db
    .selectFrom('auth_session as s')
    .select(['s.id', 's.user_id', 's.area_id', 's.area_confirmed', 's.last_seen_at'])
    .$if(facts.length > 0, (qb) => qb.select(
      sql<Record<string, unknown> | null>`case when s.user_id is null then null else json_build_object(${sql.join(
        facts.map(([key, expression]) => sql`${sql.lit(key)}::text, ${expression(userId)}`),
      )}) end`.as('facts'),
    ))
    .where('s.id', '=', idMark as unknown as string)
    .where('s.expires_at', '>', nowMark)
    .compile();
  const statement = {
    version: factsVersion, sql: query.sql, parameters: query.parameters,
    idAt: query.parameters.indexOf(idMark), nowAt: query.parameters.indexOf(nowMark),
  };
  if (statement.idAt < 0 || statement.nowAt < 0) throw new Error('the session statement lost its parameters');
  // Sent on every page view, and slower to plan than to run: kept prepared (prepared.ts).
  keepPrepared(statement.sql);
  kept.set(withFacts, statement);
  return statement;
}

export async function createSession(db: DB): Promise<{ token: string; session: SessionState }> {
  const token = randomToken();
  const id = sha256(token);
  const expires = new Date(nowMs() + GUEST_SESSION_DAYS * 86_400_000);
  await db.insertInto('auth_session').values({ id, expires_at: expires }).execute();
  return { token, session: { id, userId: null, areaId: null, areaConfirmed: false } };
}

export async function saveSessionArea(db: DB, sessionId: string, areaId: number, confirmed: boolean): Promise<void> {
  await db.updateTable('auth_session').set({ area_id: areaId, area_confirmed: confirmed }).where('id', '=', sessionId).execute();
}

export async function deleteExpiredSessions(db: DB, now = clockNow()): Promise<void> {
  await db.deleteFrom('auth_session').where('expires_at', '<', now).execute();
}

/** 'Запомнить меня' keeps the session 30 days; 'Чужой компьютер' ends it with the browser. */
export const REMEMBER_DAYS = 30;
/** Neither ticked: the cookie lives as long as the browser, the session at most a week. */
const BROWSER_SESSION_DAYS = 7;
/** On a shared computer the session ends with the browser and at the latest in 12 hours. */
const SHARED_COMPUTER_HOURS = 12;

export type Persistence = 'remember' | 'browser' | 'shared';

export function persistenceOf(input: { rememberMe?: boolean; isGuest?: boolean }): Persistence {
  if (input.isGuest) return 'shared';
  return input.rememberMe ? 'remember' : 'browser';
}

/**
 * What a module keeps for a guest by session and moves to the account at sign-in (the catalogue's
 * comparison and history; later the cart). Runs inside the rotation's transaction, before the old
 * session row goes: the move and the sign-in succeed or fail together.
 */
export type SignInHandler = (trx: DB, move: { fromSessionId: string; userId: number }) => Promise<void>;

/**
 * Sign-in rotates the session: a new id for the signed-in user (so a token planted before sign-in
 * is worthless), keeping the visitor's region. Returns the cookie's Max-Age: undefined ends it
 * with the browser.
 */
export async function rotateSession(db: DB, previous: SessionState | null, userId: number, persistence: Persistence, now = clockNow(), onSignIn: readonly SignInHandler[] = []): Promise<{ token: string; session: SessionState; maxAgeSeconds: number | undefined }> {
  const token = randomToken();
  const id = sha256(token);
  const lifetimeMs = persistence === 'remember' ? REMEMBER_DAYS * 86_400_000
    : persistence === 'shared' ? SHARED_COMPUTER_HOURS * 3_600_000 : BROWSER_SESSION_DAYS * 86_400_000;
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('auth_session').values({
      id, user_id: userId, area_id: previous?.areaId ?? null, area_confirmed: previous?.areaConfirmed ?? false,
      remember: persistence === 'remember', expires_at: new Date(now.getTime() + lifetimeMs),
    }).execute();
    if (previous) {
      for (const handler of onSignIn) await handler(trx, { fromSessionId: previous.id, userId });
      await trx.deleteFrom('auth_session').where('id', '=', previous.id).execute();
    }
  });
  return {
    token,
    session: { id, userId, areaId: previous?.areaId ?? null, areaConfirmed: previous?.areaConfirmed ?? false },
    maxAgeSeconds: persistence === 'remember' ? REMEMBER_DAYS * 86_400 : undefined,
  };
}

/** Sign-out deletes the session row: the cookie is worthless even if it was copied. */
export async function revokeSession(db: DB, sessionId: string): Promise<void> {
  await db.deleteFrom('auth_session').where('id', '=', sessionId).execute();
}

/**
 * Ends the user's sessions everywhere except `keepSessionId` (null: all of them). A password reset
 * ends every other session; 'Выйти на всех устройствах' ends them all (docs/decisions/010).
 * Returns how many ended.
 */
export async function revokeUserSessions(db: DB, userId: number, keepSessionId: string | null): Promise<number> {
  let query = db.deleteFrom('auth_session').where('user_id', '=', userId);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
