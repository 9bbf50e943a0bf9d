import { now, nowMs } from '#app/.server/clock.ts';
import type { DB } from '#app/.server/db/connect.ts';
import { MAIL_LEASE_MS } from '#app/.server/mail-retry.ts';

/** The `leads_request` table's statements (migration 0023), private to the module. */

/** What a letter to the branch is written from. */
export const LETTER_COLUMNS = [
  'id', 'model_name', 'model_code', 'page_url', 'branch_id', 'name', 'phone', 'email', 'comment', 'created_at', 'deliver_to', 'delivery_attempts',
] as const;

export interface NewRequest {
  modelId: number; modelName: string; modelCode: string; pageUrl: string;
  branchId: number | null; userId: number | null;
  name: string; phone: string; email: string | null; comment: string;
  ip: string | null; consentTextVersion: string; deliverTo: string;
}

/** Stored 'pending' and leased to the request that stores it, which sends it at once. */
export function insertRequest(db: DB, r: NewRequest) {
  return db.insertInto('leads_request').values({
    kind: 'offer',
    model_id: r.modelId, model_name: r.modelName, model_code: r.modelCode, page_url: r.pageUrl,
    branch_id: r.branchId, user_id: r.userId,
    name: r.name, phone: r.phone, email: r.email, comment: r.comment,
    ip: r.ip, consent_text_version: r.consentTextVersion,
    delivery_state: 'pending', deliver_to: r.deliverTo,
    next_attempt_at: new Date(nowMs() + MAIL_LEASE_MS),
  }).returning(LETTER_COLUMNS).executeTakeFirstOrThrow();
}

export function markSent(db: DB, id: number, attempts: number) {
  return db.updateTable('leads_request').set({ delivery_state: 'sent', delivery_attempts: attempts, delivered_at: now(), delivery_error: null })
    .where('id', '=', id).execute();
}

export function markFailed(db: DB, id: number, change: { attempts: number; final: boolean; error: string; nextAttemptAt: Date }) {
  return db.updateTable('leads_request').set({
    delivery_state: change.final ? 'failed' : 'pending',
    delivery_attempts: change.attempts,
    delivery_error: change.error.slice(0, 500),
    next_attempt_at: change.nextAttemptAt,
  }).where('id', '=', id).execute();
}

/**
 * The requests whose next try is due, leased in one statement (`for update skip locked`): processes
 * running this together never take the same request.
 */
export function leaseDue(db: DB, limit: number) {
  return db.updateTable('leads_request')
    .set({ next_attempt_at: new Date(nowMs() + MAIL_LEASE_MS) })
    .where('id', 'in', (eb) => eb.selectFrom('leads_request').select('id')
      .where('delivery_state', '=', 'pending').where('next_attempt_at', '<=', now())
      .orderBy('id').limit(limit).forUpdate().skipLocked())
    .returning(LETTER_COLUMNS)
    .execute();
}

/** One page of the newest requests, of one branch or of all, with the count of all of them. */
export async function selectPage(db: DB, options: { branchId: number | null; limit: number; offset: number }) {
  let rows = db.selectFrom('leads_request').select([
    'id', 'kind', 'status', 'model_id', 'model_name', 'model_code', 'branch_id', 'name', 'phone', 'email', 'comment', 'page_url', 'created_at', 'delivery_state',
    (eb) => eb.fn.countAll<string>().over().as('total'),
  ]);
  if (options.branchId !== null) rows = rows.where('branch_id', '=', options.branchId);
  const page = await rows.orderBy('id', 'desc').limit(options.limit).offset(options.offset).execute();
  // A page past the last has no rows to carry the count: it is counted on its own.
  if (page.length > 0 || options.offset === 0) return { rows: page, total: Number(page[0]?.total ?? 0) };
  let count = db.selectFrom('leads_request').select((eb) => eb.fn.countAll<string>().as('n'));
  if (options.branchId !== null) count = count.where('branch_id', '=', options.branchId);
  return { rows: page, total: Number((await count.executeTakeFirstOrThrow()).n) };
}
