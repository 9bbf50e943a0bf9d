import { sql } from 'kysely';
import { now as clockNow } from './clock.ts';
import type { DB } from './db/connect.ts';

/**
 * A limit of `limit` attempts per `windowMs`, as a token bucket: a full bucket holds `limit` tokens,
 * each attempt takes one, and one token comes back every `windowMs / limit`. Unlike a fixed window
 * there is no boundary where twice the limit passes (end of one window plus start of the next), and a
 * refused caller waits for one token, not for the whole window to end.
 */
export interface RateLimitRule {
  /** Names the limit, e.g. 'feedback:ip'. */
  name: string;
  limit: number;
  windowMs: number;
}

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/** One rule applied to one subject (an address, an account, an account and address pair). */
export interface RateLimitCheck {
  rule: RateLimitRule;
  subject: string;
}

export type Reservation = { ok: true; release(): Promise<void> } | { ok: false; retryAfterSeconds: number };

/*
 * Storage: the `rate_limit` table of migration 0002, one row per bucket. A bucket uses the constant
 * window_start 'epoch' and keeps in expires_at its "theoretical arrival time" (GCRA): the moment the
 * bucket is full again. Taking a token moves it by one interval; the take is allowed while the
 * moment stays within one window of now. So a row expires exactly when it stops mattering, and the
 * hourly prune and the tests' `deleteFrom('rate_limit')` keep working unchanged.
 */
const BUCKET = new Date(0);

/** Whole milliseconds: timestamps round to microseconds, and a fractional step could make the last token of a burst miss. */
const intervalMs = (rule: RateLimitRule) => Math.max(1, Math.floor(rule.windowMs / rule.limit));
const keyOf = (check: RateLimitCheck) => `${check.rule.name}:${check.subject}`;
const ms = (value: number) => sql`(${value}::float8 * interval '1 millisecond')`;

/**
 * Takes one token in ONE statement, so that concurrent callers on any number of connections and
 * processes can never take more than the bucket holds: the upsert locks the row and re-checks the
 * condition on its newest version. No row back means refused (nothing was taken).
 */
async function take(db: DB, check: RateLimitCheck, at: Date): Promise<boolean> {
  const step = intervalMs(check.rule);
  const row = await sql<{ expires_at: Date }>`
    insert into rate_limit (key, window_start, hits, expires_at)
    values (${keyOf(check)}, ${BUCKET}, 1, ${at}::timestamptz + ${ms(step)})
    on conflict (key, window_start) do update
      set hits = rate_limit.hits + 1,
          expires_at = greatest(rate_limit.expires_at, ${at}::timestamptz) + ${ms(step)}
      where greatest(rate_limit.expires_at, ${at}::timestamptz) + ${ms(step)} <= ${at}::timestamptz + ${ms(check.rule.windowMs)}
    returning expires_at`.execute(db);
  return row.rows.length === 1;
}

/** Gives a token back (an attempt that turned out not to count, e.g. a successful sign-in). */
async function giveBack(db: DB, check: RateLimitCheck): Promise<void> {
  await sql`update rate_limit set expires_at = expires_at - ${ms(intervalMs(check.rule))}, hits = greatest(hits - 1, 0)
    where key = ${keyOf(check)} and window_start = ${BUCKET}`.execute(db);
}

/** Seconds until the bucket has a token again (0 when it has one now). */
async function waitSeconds(db: DB, check: RateLimitCheck, at: Date): Promise<number> {
  const row = await db.selectFrom('rate_limit').select('expires_at')
    .where('key', '=', keyOf(check)).where('window_start', '=', BUCKET).executeTakeFirst();
  if (!row) return 0;
  const waitMs = new Date(row.expires_at).getTime() + intervalMs(check.rule) - check.rule.windowMs - at.getTime();
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}

/**
 * Takes one token from every bucket, in order, or none: when one refuses, the tokens already taken
 * are given back, so a refused attempt costs nothing elsewhere (a stranger stopped by his own limit
 * does not drain the account's ceiling). `release()` gives all of them back later.
 */
export async function reserve(db: DB, checks: RateLimitCheck[], at: Date = clockNow()): Promise<Reservation> {
  const taken: RateLimitCheck[] = [];
  for (const check of checks) {
    if (await take(db, check, at)) {
      taken.push(check);
      continue;
    }
    for (const done of taken.reverse()) await giveBack(db, done);
    return { ok: false, retryAfterSeconds: Math.max(1, await waitSeconds(db, check, at)) };
  }
  let released = false;
  return {
    ok: true,
    async release() {
      if (released) return;
      released = true;
      for (const done of taken) await giveBack(db, done);
    },
  };
}

/** Counts one attempt of `subject` against every rule and refuses when any rule has no token left. */
export async function hitRateLimits(db: DB, subject: string, rules: RateLimitRule[], now: Date = clockNow()): Promise<RateLimitResult> {
  const reservation = await reserve(db, rules.map((rule) => ({ rule, subject })), now);
  return reservation.ok ? { ok: true } : reservation;
}

/** Old buckets are full again and of no use; called now and then so the table stays small. */
export async function pruneRateLimits(db: DB, now: Date = clockNow()): Promise<void> {
  await db.deleteFrom('rate_limit').where('expires_at', '<', now).execute();
}

/** Whether any rule has no token left, without taking one (a read: never use it to decide a race). */
export async function isRateLimited(db: DB, subject: string, rules: RateLimitRule[], now: Date = clockNow()): Promise<RateLimitResult> {
  let retryAfterSeconds = 0;
  for (const rule of rules) retryAfterSeconds = Math.max(retryAfterSeconds, await waitSeconds(db, { rule, subject }, now));
  return retryAfterSeconds > 0 ? { ok: false, retryAfterSeconds } : { ok: true };
}
