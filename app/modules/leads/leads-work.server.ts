import { now } from '#app/.server/clock.ts';
import { recordAudit } from '#app/.server/audit.ts';
import type { AppServices } from '#app/.server/context.ts';
import type { DB } from '#app/.server/db/connect.ts';
import { staffMembersOf } from '#app/modules/auth/staff.server.ts';
import * as q from './leads.queries.server.ts';
import { leadMoveRefusal } from './leads.rules.ts';
import { LEAD_WORK_MESSAGES, type LeadEventView, type LeadPage, type LeadStatusCode, type LeadView, type StaffLeadFilter } from './leads.schema.ts';
import { listLeads, leadView } from './leads.server.ts';

/*
 * Requests as the company's work (ADR 078): the back-office's list and request, the work states, the
 * assignee and the comments, each change in one transaction with its event (the request's history)
 * and its audit record. Every read and write is scoped to the staff member's branch in the query
 * itself: another branch's request is not found, not merely hidden.
 */

/** Who acts: his id, name, and the branch he works (null: every branch). */
export interface LeadActor { userId: number; name: string; branchId: number | null }

export type LeadWorkResult = { ok: true } | { ok: false; status: 400 | 404 | 409; message: string };

/** A page of requests within the staff member's branch (or the branch he chose, when he works all). */
export function listStaffLeads(services: AppServices, actor: LeadActor, filter: StaffLeadFilter): Promise<LeadPage> {
  return listLeads(services, { page: filter.page, branchId: actor.branchId ?? filter.branch ?? null, kind: filter.kind, status: filter.status, sort: filter.sort });
}

/** One request as its page shows it, with its history, whom it may be given to, and the visitor's other requests. */
export interface StaffLead {
  lead: LeadView;
  events: LeadEventView[];
  /** The staff of the request's branch who may work it. */
  assignees: Array<{ id: number; name: string }>;
  /** The same visitor's other requests (by his account or his phone), within the staff member's branch, newest first. */
  others: LeadView[];
}

const OTHERS_LIMIT = 20;

/** A request of the staff member's branch by id; null: none (or another branch's). */
export async function staffLead(services: AppServices, actor: LeadActor, id: number): Promise<StaffLead | null> {
  const db = services.db;
  let query = db.selectFrom('leads_request as r').leftJoin('auth_user as a', 'a.id', 'r.assignee_id').select(q.VIEW_COLUMNS).where('r.id', '=', id);
  if (actor.branchId !== null) query = query.where('r.branch_id', '=', actor.branchId);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const lead = leadView(row);
  let others = db.selectFrom('leads_request as r').leftJoin('auth_user as a', 'a.id', 'r.assignee_id').select(q.VIEW_COLUMNS)
    .where('r.id', '!=', id)
    .where((eb) => eb.or([eb('r.phone', '=', lead.phone), ...(lead.userId !== null ? [eb('r.user_id', '=', lead.userId)] : [])]));
  if (actor.branchId !== null) others = others.where('r.branch_id', '=', actor.branchId);
  const [events, assignees, otherRows] = await Promise.all([
    db.selectFrom('leads_event').select(['kind', 'status', 'note', 'actor_name', 'at']).where('request_id', '=', id).orderBy('id').execute(),
    lead.branchId !== null ? staffMembersOf(db, lead.branchId, 'leads.work') : Promise.resolve([]),
    others.orderBy('r.id', 'desc').limit(OTHERS_LIMIT).execute(),
  ]);
  return {
    lead,
    events: events.map((e) => ({ kind: e.kind, status: e.status, note: e.note, actor: e.actor_name, at: new Date(e.at).toISOString() })),
    assignees,
    others: otherRows.map(leadView),
  };
}

/** The request locked for a change, within the actor's branch. */
async function lockLead(trx: DB, actor: LeadActor, id: number) {
  let query = trx.selectFrom('leads_request').select(['id', 'status', 'branch_id', 'assignee_id']).where('id', '=', id);
  if (actor.branchId !== null) query = query.where('branch_id', '=', actor.branchId);
  return query.forUpdate().executeTakeFirst();
}

const notFound = { ok: false, status: 404, message: LEAD_WORK_MESSAGES.notFound } as const;

/**
 * Moves a request from the state the staff member saw (`from`) to `to`, if LEAD_MOVES allows; the
 * row is locked, so of two staff moving it at once the second is told it has moved (409). Taken into
 * work by a staff member of its branch while nobody has it, it becomes his.
 */
export async function changeLeadStatus(services: Pick<AppServices, 'db'>, actor: LeadActor, id: number, change: { from: LeadStatusCode; to: LeadStatusCode; reason: string }, ip: string | null): Promise<LeadWorkResult> {
  return services.db.transaction().execute(async (trx) => {
    const lead = await lockLead(trx, actor, id);
    if (!lead) return notFound;
    if (lead.status !== change.from) return { ok: false, status: 409, message: LEAD_WORK_MESSAGES.moved } as const;
    const refusal = leadMoveRefusal(lead.status, change.to, change.reason);
    if (refusal) return { ok: false, ...refusal } as const;
    const reason = change.to === 'rejected' ? change.reason.trim() : '';
    const takes = change.to === 'in_work' && lead.assignee_id === null && lead.branch_id !== null
      && (await staffMembersOf(trx, lead.branch_id, 'leads.work')).some((s) => s.id === actor.userId);
    await trx.updateTable('leads_request').set({ status: change.to, status_changed_at: now(), ...(takes ? { assignee_id: actor.userId } : {}) })
      .where('id', '=', lead.id).execute();
    await trx.insertInto('leads_event').values({ request_id: lead.id, kind: 'status', status: change.to, note: reason, actor_id: actor.userId, actor_name: actor.name }).execute();
    if (takes) await trx.insertInto('leads_event').values({ request_id: lead.id, kind: 'assign', status: null, note: actor.name, actor_id: actor.userId, actor_name: actor.name }).execute();
    await recordAudit(trx, {
      actor, action: 'lead.status', entity: 'lead', entityId: lead.id, ip,
      before: { status: lead.status, ...(takes ? { assignee: null } : {}) },
      after: { status: change.to, ...(reason ? { reason } : {}), ...(takes ? { assignee: actor.userId } : {}) },
    });
    return { ok: true } as const;
  });
}

/** Gives the request to a staff member of its branch who may work requests, or takes it away (null). */
export async function assignLead(services: Pick<AppServices, 'db'>, actor: LeadActor, id: number, assigneeId: number | null, ip: string | null): Promise<LeadWorkResult> {
  return services.db.transaction().execute(async (trx) => {
    const lead = await lockLead(trx, actor, id);
    if (!lead) return notFound;
    let assignee: { id: number; name: string } | null = null;
    if (assigneeId !== null) {
      assignee = lead.branch_id !== null ? (await staffMembersOf(trx, lead.branch_id, 'leads.work')).find((s) => s.id === assigneeId) ?? null : null;
      if (!assignee) return { ok: false, status: 400, message: LEAD_WORK_MESSAGES.assignee } as const;
    }
    if (lead.assignee_id === assigneeId) return { ok: true } as const;
    await trx.updateTable('leads_request').set({ assignee_id: assigneeId }).where('id', '=', lead.id).execute();
    await trx.insertInto('leads_event').values({ request_id: lead.id, kind: 'assign', status: null, note: assignee?.name ?? '', actor_id: actor.userId, actor_name: actor.name }).execute();
    await recordAudit(trx, { actor, action: 'lead.assign', entity: 'lead', entityId: lead.id, before: { assignee: lead.assignee_id }, after: { assignee: assigneeId }, ip });
    return { ok: true } as const;
  });
}

/** A staff member's comment on the request: in its history and in the audit log. */
export async function commentLead(services: Pick<AppServices, 'db'>, actor: LeadActor, id: number, text: string, ip: string | null): Promise<LeadWorkResult> {
  return services.db.transaction().execute(async (trx) => {
    const lead = await lockLead(trx, actor, id);
    if (!lead) return notFound;
    await trx.insertInto('leads_event').values({ request_id: lead.id, kind: 'comment', status: null, note: text, actor_id: actor.userId, actor_name: actor.name }).execute();
    await recordAudit(trx, { actor, action: 'lead.comment', entity: 'lead', entityId: lead.id, after: { comment: text }, ip });
    return { ok: true } as const;
  });
}
