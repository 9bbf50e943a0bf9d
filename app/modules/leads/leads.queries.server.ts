import { now } from '#app/.server/clock.ts';
import type { DB } from '#app/.server/db/connect.ts';

/** The `leads_request` table's statements (migration 0023), private to the module. */

/** What a letter to the branch is written from. */
export const LETTER_COLUMNS = [
  'id', 'model_name', 'model_code', 'page_url', 'branch_id', 'name', 'phone', 'email', 'comment', 'created_at', 'deliver_to',
] as const;

export interface NewRequest {
  modelId: number; modelName: string; modelCode: string; pageUrl: string;
  branchId: number | null; userId: number | null;
  name: string; phone: string; email: string | null; comment: string;
  ip: string | null; consentTextVersion: string; deliverTo: string;
}

/** Stored 'pending'; its letter's job is enqueued in the same transaction. */
export function insertRequest(db: DB, r: NewRequest) {
  return db.insertInto('leads_request').values({
    kind: 'offer',
    model_id: r.modelId, model_name: r.modelName, model_code: r.modelCode, page_url: r.pageUrl,
    branch_id: r.branchId, user_id: r.userId,
    name: r.name, phone: r.phone, email: r.email, comment: r.comment,
    ip: r.ip, consent_text_version: r.consentTextVersion,
    delivery_state: 'pending', deliver_to: r.deliverTo,
  }).returning('id').executeTakeFirstOrThrow();
}

/** What the branch's letter is written from. */
export function letterOf(db: DB, id: number) {
  return db.selectFrom('leads_request').select(LETTER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function markSent(db: DB, id: number) {
  return db.updateTable('leads_request').set({ delivery_state: 'sent', delivered_at: now(), delivery_error: null })
    .where('id', '=', id).execute();
}

/** After the letter's last try. */
export function markFailed(db: DB, id: number, error: string) {
  return db.updateTable('leads_request').set({ delivery_state: 'failed', delivery_error: error.slice(0, 500) })
    .where('id', '=', id).execute();
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
