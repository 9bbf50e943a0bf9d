import type { DB } from '#app/.server/db/connect.ts';
import { pruneRateLimits } from '#app/.server/rate-limit.ts';
import { deleteExpiredSessions } from '#app/modules/auth/session.server.ts';

/** Periodic clean-up: expired sessions and rate-limit windows. Safe to run from every process. */
export async function housekeeping(db: DB): Promise<void> {
  await deleteExpiredSessions(db);
  await pruneRateLimits(db);
}
