import { now } from '#app/.server/clock.ts';
import type { DB } from '#app/.server/db/connect.ts';
import type { LeadKind, LeadStatus } from '#app/.server/db/schema.ts';
import type { StaffLeadSortKey } from './leads.schema.ts';

/** The `leads_request` table's statements (migration 0023), private to the module. */

/** What a letter to the branch is written from. */
export const LETTER_COLUMNS = [
  'id', 'kind', 'details', 'model_name', 'model_code', 'page_url', 'branch_id', 'name', 'phone', 'email', 'comment', 'created_at', 'deliver_to',
] as const;

export interface NewRequest {
  kind: LeadKind;
  modelId: number | null; modelName: string; modelCode: string | null; pageUrl: string | null;
  /** What the kind adds (`details`). */
  details?: object;
  branchId: number | null; userId: number | null;
  name: string; phone: string; email: string | null; comment: string;
  ip: string | null; consentTextVersion: string; deliverTo: string;
}

/** Stored 'pending'; its letter's job is enqueued in the same transaction. */
export function insertRequest(db: DB, r: NewRequest) {
  return db.insertInto('leads_request').values({
    kind: r.kind,
    details: JSON.stringify(r.details ?? {}),
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

/** The columns of a request as staff read it, with its assignee's name. */
export const VIEW_COLUMNS = [
  'r.id', 'r.kind', 'r.status', 'r.model_id', 'r.model_name', 'r.model_code', 'r.branch_id', 'r.user_id', 'r.name', 'r.phone', 'r.email',
  'r.comment', 'r.page_url', 'r.created_at', 'r.delivery_state', 'r.details', 'r.assignee_id', 'a.name as assignee_name',
] as const;

export interface PageOptions {
  branchId: number | null; kind?: LeadKind | undefined; status?: LeadStatus | undefined;
  /** The list's order (whitelisted by the filter's schema): by id (when it came) or the visitor's name, the id breaking ties. */
  sort?: { key: StaffLeadSortKey; direction: 'asc' | 'desc' };
  limit: number; offset: number;
}

const SORT_COLUMNS = { created: 'r.id', name: 'r.name' } as const satisfies Record<StaffLeadSortKey, string>;

function filtered(db: DB, options: Omit<PageOptions, 'limit' | 'offset' | 'sort'>) {
  let rows = db.selectFrom('leads_request as r');
  if (options.branchId !== null) rows = rows.where('r.branch_id', '=', options.branchId);
  if (options.kind) rows = rows.where('r.kind', '=', options.kind);
  if (options.status) rows = rows.where('r.status', '=', options.status);
  return rows;
}

/** One page of the newest requests, of one branch or of all, of a kind and a state, with the count of all of them. */
export async function selectPage(db: DB, options: PageOptions) {
  const page = await filtered(db, options).leftJoin('auth_user as a', 'a.id', 'r.assignee_id')
    .select([...VIEW_COLUMNS, (eb) => eb.fn.countAll<string>().over().as('total')])
    .orderBy(SORT_COLUMNS[options.sort?.key ?? 'created'], options.sort?.direction ?? 'desc').orderBy('r.id', options.sort?.direction ?? 'desc')
    .limit(options.limit).offset(options.offset).execute();
  // A page past the last has no rows to carry the count: it is counted on its own.
  if (page.length > 0 || options.offset === 0) return { rows: page, total: Number(page[0]?.total ?? 0) };
  const count = await filtered(db, options).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return { rows: page, total: Number(count.n) };
}
