import type { DB } from '#app/.server/db/connect.ts';
import type { SessionState } from '#app/.server/context.ts';
import { randomToken, sha256 } from '#app/.server/security/tokens.ts';

/** A guest's session lives half a year; sign-in (accounts issue) rotates it. */
export const GUEST_SESSION_DAYS = 180;
const TOUCH_AFTER_MS = 60 * 60 * 1000;

export async function findSession(db: DB, token: string): Promise<SessionState | null> {
  const id = sha256(token);
  const row = await db
    .selectFrom('auth_session')
    .select(['id', 'user_id', 'area_id', 'area_confirmed', 'last_seen_at'])
    .where('id', '=', id)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row) return null;
  // Write last_seen_at at most hourly so that reading pages does not cost a write per request.
  if (Date.now() - new Date(row.last_seen_at).getTime() > TOUCH_AFTER_MS) {
    await db.updateTable('auth_session').set({ last_seen_at: new Date() }).where('id', '=', id).execute();
  }
  return { id, userId: row.user_id, areaId: row.area_id, areaConfirmed: row.area_confirmed };
}

export async function createSession(db: DB): Promise<{ token: string; session: SessionState }> {
  const token = randomToken();
  const id = sha256(token);
  const expires = new Date(Date.now() + GUEST_SESSION_DAYS * 86_400_000);
  await db.insertInto('auth_session').values({ id, expires_at: expires }).execute();
  return { token, session: { id, userId: null, areaId: null, areaConfirmed: false } };
}

export async function saveSessionArea(db: DB, sessionId: string, areaId: number, confirmed: boolean): Promise<void> {
  await db.updateTable('auth_session').set({ area_id: areaId, area_confirmed: confirmed }).where('id', '=', sessionId).execute();
}

export async function deleteExpiredSessions(db: DB, now = new Date()): Promise<void> {
  await db.deleteFrom('auth_session').where('expires_at', '<', now).execute();
}
