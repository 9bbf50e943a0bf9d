import type { Kysely, Transaction } from 'kysely';
import { z } from '#app/lib/zod.ts';
import type { Database } from './db/schema.ts';

/**
 * The audit log (migration 0026): every change staff make, written in the transaction of the change
 * itself, so a change without its record (or a record of a change rolled back) cannot exist.
 * `before` and `after` hold the changed fields only, as the screens showed them.
 */
export interface AuditEntry {
  actor: { userId: number; name: string };
  /** `<entity>.<verb>`: 'order.status', 'user.roles', 'page.publish'. */
  action: `${string}.${string}`;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

export async function recordAudit(db: Kysely<Database> | Transaction<Database>, entry: AuditEntry): Promise<void> {
  await db.insertInto('audit_log').values({
    actor_id: entry.actor.userId,
    actor_name: entry.actor.name,
    action: entry.action,
    entity: entry.entity,
    entity_id: String(entry.entityId),
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
    ip: entry.ip ?? null,
  }).execute();
}

/** The fields that differ, before and after: what an audit record of an edit keeps. */
export function changedFields<T extends object>(before: T, after: T): { before: Partial<T>; after: Partial<T> } {
  const was: Partial<T> = {};
  const is: Partial<T> = {};
  for (const key of Object.keys(after) as Array<keyof T>) {
    if (before[key] !== after[key]) {
      was[key] = before[key];
      is[key] = after[key];
    }
  }
  return { before: was, after: is };
}

export const AUDIT_PAGE_SIZE = 50;

/** The filters of /admin/audit, from the query string: anything malformed reads as absent. */
export const auditFilter = z.object({
  actor: z.coerce.number().int().positive().max(2 ** 31 - 1).optional().catch(undefined),
  entity: z.string().regex(/^[a-z_]{1,40}$/).optional().catch(undefined),
  entityId: z.string().trim().min(1).max(100).regex(/^[^\u0000-\u001f\u007f]+$/).optional().catch(undefined),
  action: z.string().regex(/^[a-z_]+\.[a-z_]+$/).max(80).optional().catch(undefined),
  from: z.iso.date().optional().catch(undefined),
  to: z.iso.date().optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type AuditFilter = z.infer<typeof auditFilter>;

export interface AuditRow {
  id: string; at: string; actorId: number | null; actorName: string; action: string;
  entity: string; entityId: string; before: unknown; after: unknown; ip: string | null;
}

/** A page of the log, newest first, and whether there is a next one (no count over a growing table). */
export async function listAudit(db: Kysely<Database>, filter: AuditFilter): Promise<{ rows: AuditRow[]; hasNext: boolean; page: number }> {
  let query = db.selectFrom('audit_log').select(['id', 'at', 'actor_id', 'actor_name', 'action', 'entity', 'entity_id', 'before', 'after', 'ip']);
  if (filter.actor !== undefined) query = query.where('actor_id', '=', filter.actor);
  if (filter.entity !== undefined) query = query.where('entity', '=', filter.entity);
  if (filter.entityId !== undefined) query = query.where('entity_id', '=', filter.entityId);
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  // Dates are the company's (Moscow) calendar days.
  if (filter.from !== undefined) query = query.where('at', '>=', new Date(`${filter.from}T00:00:00+03:00`));
  if (filter.to !== undefined) query = query.where('at', '<', new Date(new Date(`${filter.to}T00:00:00+03:00`).getTime() + 86_400_000));
  const rows = await query.orderBy('at', 'desc').orderBy('id', 'desc')
    .limit(AUDIT_PAGE_SIZE + 1).offset((filter.page - 1) * AUDIT_PAGE_SIZE).execute();
  return {
    page: filter.page,
    hasNext: rows.length > AUDIT_PAGE_SIZE,
    rows: rows.slice(0, AUDIT_PAGE_SIZE).map((r) => ({
      id: String(r.id), at: new Date(r.at).toISOString(), actorId: r.actor_id, actorName: r.actor_name, action: r.action,
      entity: r.entity, entityId: r.entity_id, before: r.before, after: r.after, ip: r.ip,
    })),
  };
}
