import { sql } from 'kysely';
import type { DB } from './db/connect.ts';

export interface RateLimitRule {
  /** Names the limit, e.g. 'feedback:ip'. */
  name: string;
  limit: number;
  windowMs: number;
}

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Counts one attempt against every rule (fixed windows, in the database so that all processes
 * share them) and refuses when any rule is over its limit. One upsert per rule.
 */
export async function hitRateLimits(db: DB, subject: string, rules: RateLimitRule[], now = new Date()): Promise<RateLimitResult> {
  let retryAfterSeconds = 0;
  for (const rule of rules) {
    const start = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
    const end = new Date(start.getTime() + rule.windowMs);
    const row = await db
      .insertInto('rate_limit')
      .values({ key: `${rule.name}:${subject}`, window_start: start, hits: 1, expires_at: end })
      .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql<number>`rate_limit.hits + 1` }))
      .returning('hits')
      .executeTakeFirstOrThrow();
    if (row.hits > rule.limit) retryAfterSeconds = Math.max(retryAfterSeconds, Math.ceil((end.getTime() - now.getTime()) / 1000));
  }
  return retryAfterSeconds > 0 ? { ok: false, retryAfterSeconds } : { ok: true };
}

/** Old windows are of no use; called now and then so the table stays small. */
export async function pruneRateLimits(db: DB, now = new Date()): Promise<void> {
  await db.deleteFrom('rate_limit').where('expires_at', '<', now).execute();
}

/** Whether any rule is already over its limit, without counting an attempt (for "slow down after failures"). */
export async function isRateLimited(db: DB, subject: string, rules: RateLimitRule[], now = new Date()): Promise<RateLimitResult> {
  let retryAfterSeconds = 0;
  for (const rule of rules) {
    const start = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
    const row = await db.selectFrom('rate_limit').select('hits').where('key', '=', `${rule.name}:${subject}`).where('window_start', '=', start).executeTakeFirst();
    if (row && row.hits >= rule.limit) retryAfterSeconds = Math.max(retryAfterSeconds, Math.ceil((start.getTime() + rule.windowMs - now.getTime()) / 1000));
  }
  return retryAfterSeconds > 0 ? { ok: false, retryAfterSeconds } : { ok: true };
}
