import { z } from 'zod';
import type { AppServices, RequestContext } from '#app/.server/context.ts';
import { enqueueJob } from '#app/.server/jobs/enqueue.ts';
import { defineJobKind } from '#app/.server/jobs/kinds.ts';
import { LETTER_JOB_POLICY } from '#app/.server/jobs/mail.ts';
import { hitRateLimits } from '#app/.server/rate-limit.ts';
import { readSort } from '#app/components/backoffice/sort.rules.ts';
import { profileOf } from '#app/modules/auth/profile.server.ts';
import { CONSENT_TEXT_VERSION } from '#app/modules/auth/users.server.ts';
import { modelCards } from '#app/modules/catalog/cards.server.ts';
import { currentLocation, regionDirectory } from '#app/modules/regions/regions.server.ts';
import * as q from './leads.queries.server.ts';
import { leadRequestLetter, offerRequestLetter } from './leads.rules.ts';
import {
  LEAD_MESSAGES, OFFER_REQUEST_RATE_LIMITS, STAFF_LEADS_DEFAULT_SORT, leadRequestThanks, offerRequestThanks,
  type FinancingDetails, type FinancingRequestInput, type LeadContacts, type LeadKindCode, type LeadPage, type LeadView,
  type OfferRequestInput, type ServiceDetails, type ServiceRequestInput, type StaffLeadFilter, type StaffLeadSortKey,
} from './leads.schema.ts';

/**
 * The visitors' requests to the company (ADR 069): stored first, so none is lost and employees can
 * read it, with the job that e-mails it to the visitor's branch (retried with growing waits, ADR 075).
 * The back-office works them; an offer is made from one.
 */

export type OfferRequestOutcome =
  | { ok: true; id: number; message: string }
  | { ok: false; code: 'unknown_model' | 'rate_limited'; message: string; retryAfterSeconds?: number };

export const LEAD_STATUS = { unknown_model: 404, rate_limited: 429 } as const;

/**
 * 'Запросить коммерческое предложение': the request carries the model as the visitor saw it, his
 * branch (where his region is served), his account when signed in, and the 152-ФЗ consent he gave
 * (text version, time, address). Limited per network address: the form is open to guests.
 */
export async function requestOffer(ctx: RequestContext, input: OfferRequestInput): Promise<OfferRequestOutcome> {
  const { services } = ctx;
  const limited = await hitRateLimits(services.db, ctx.ip ?? 'unknown', OFFER_REQUEST_RATE_LIMITS);
  if (!limited.ok) return { ok: false, code: 'rate_limited', message: LEAD_MESSAGES.tooMany, retryAfterSeconds: limited.retryAfterSeconds };
  const [entry] = await modelCards(services.db, [input.modelId], null, false);
  if (!entry) return { ok: false, code: 'unknown_model', message: LEAD_MESSAGES.unknownModel };
  const model = entry.card;
  const { currentBranch } = await currentLocation(ctx);
  const row = await services.db.transaction().execute(async (trx) => {
    const stored = await q.insertRequest(trx, {
      kind: 'offer',
      modelId: model.id, modelName: model.name, modelCode: model.productCode, pageUrl: model.link,
      branchId: currentBranch.id, userId: ctx.session?.userId ?? null,
      name: input.name, phone: input.phone, email: input.email || null, comment: input.comment,
      ip: ctx.ip, consentTextVersion: CONSENT_TEXT_VERSION,
      // Without a branch serving the area (or its address) the shop's support address answers.
      deliverTo: (currentBranch.id !== null && currentBranch.email) || services.config.SUPPORT_EMAIL,
    });
    await enqueueJob(trx, requestLetterJob, { requestId: stored.id }, { key: `leads.request-letter:${stored.id}` });
    return stored;
  });
  return { ok: true, id: row.id, message: offerRequestThanks({ id: row.id, modelName: model.name, branchName: currentBranch.id !== null ? currentBranch.name : null }) };
}

export type LeadRequestOutcome =
  | { ok: true; id: number; message: string }
  | { ok: false; code: 'rate_limited'; message: string; retryAfterSeconds?: number };

/**
 * A service or financing request (ADR 078), stored as the offer request is: the visitor's branch,
 * his account, the consent, the same per-address limits (one budget for every kind of request),
 * the branch's letter as a job in the same transaction. A catalogue model the visitor picked is
 * kept by id too; one that is gone meanwhile is kept by the name he saw.
 */
async function storeLeadRequest(
  ctx: RequestContext,
  request: { kind: 'service' | 'financing'; modelId: number | null; model: string; comment: string; details: ServiceDetails | FinancingDetails; name: string; phone: string; email: string },
): Promise<LeadRequestOutcome> {
  const { services } = ctx;
  const limited = await hitRateLimits(services.db, ctx.ip ?? 'unknown', OFFER_REQUEST_RATE_LIMITS);
  if (!limited.ok) return { ok: false, code: 'rate_limited', message: LEAD_MESSAGES.tooMany, retryAfterSeconds: limited.retryAfterSeconds };
  const picked = request.modelId !== null ? (await modelCards(services.db, [request.modelId], null, false))[0]?.card ?? null : null;
  const { currentBranch } = await currentLocation(ctx);
  const row = await services.db.transaction().execute(async (trx) => {
    const stored = await q.insertRequest(trx, {
      kind: request.kind, details: request.details,
      modelId: picked?.id ?? null, modelName: request.model, modelCode: picked?.productCode ?? null, pageUrl: null,
      branchId: currentBranch.id, userId: ctx.session?.userId ?? null,
      name: request.name, phone: request.phone, email: request.email || null, comment: request.comment,
      ip: ctx.ip, consentTextVersion: CONSENT_TEXT_VERSION,
      deliverTo: (currentBranch.id !== null && currentBranch.email) || services.config.SUPPORT_EMAIL,
    });
    await enqueueJob(trx, requestLetterJob, { requestId: stored.id }, { key: `leads.request-letter:${stored.id}` });
    return stored;
  });
  return { ok: true, id: row.id, message: leadRequestThanks({ id: row.id, kind: request.kind, branchName: currentBranch.id !== null ? currentBranch.name : null }) };
}

/** 'Заявка на сервис' on /servis: the machine, its serial number, what is wrong. */
export function requestService(ctx: RequestContext, input: ServiceRequestInput): Promise<LeadRequestOutcome> {
  return storeLeadRequest(ctx, {
    kind: 'service', modelId: input.modelId ?? null, model: input.model, comment: '',
    details: { serial: input.serial, problem: input.problem },
    name: input.name, phone: input.phone, email: input.email,
  });
}

/** 'Заявка на финансирование' on /finansirovanie: leasing or credit, the model, price, term, advance (in the visitor's country's currency). */
export async function requestFinancing(ctx: RequestContext, input: FinancingRequestInput): Promise<LeadRequestOutcome> {
  const { country } = await currentLocation(ctx);
  return storeLeadRequest(ctx, {
    kind: 'financing', modelId: input.modelId ?? null, model: input.model, comment: input.comment,
    details: { type: input.type, price: input.price, advance: input.advance, termMonths: input.termMonths, currency: country.code === 'KZ' ? 'KZT' : 'RUB' },
    name: input.name, phone: input.phone, email: input.email,
  });
}

/**
 * The branch's letter of one stored request, as a job (ADR 075): written from the row when it runs,
 * sent with the job's key (a repeat after a lost lease is one letter), its delivery state written
 * back ('sent', or 'failed' after the last try: the request stays for employees to read).
 */
export const requestLetterJob = defineJobKind({
  kind: 'leads.request-letter',
  label: 'Письмо филиалу о заявке',
  payload: z.object({ requestId: z.number().int().positive() }),
  ...LETTER_JOB_POLICY,
  async run(services, { requestId }, job) {
    const row = await q.letterOf(services.db, requestId);
    if (!row) return; // deleted meanwhile: nothing to send
    if (!row.deliver_to) throw new Error('Нет адреса филиала для письма');
    const { branches } = await regionDirectory(services);
    const branchName = branches.find((b) => b.id === row.branch_id)?.name ?? null;
    const letter = row.kind === 'offer'
      ? offerRequestLetter({
          id: row.id, modelName: row.model_name, modelCode: row.model_code,
          modelUrl: row.page_url ? `${services.config.PUBLIC_ORIGIN}${row.page_url}` : null,
          branchName, name: row.name, phone: row.phone, email: row.email, comment: row.comment, createdAt: row.created_at,
        })
      : leadRequestLetter({
          id: row.id, kind: row.kind, modelName: row.model_name, branchName,
          name: row.name, phone: row.phone, email: row.email, comment: row.comment, createdAt: row.created_at,
          ...detailsOf(row.kind, row.details), adminUrl: `${services.config.PUBLIC_ORIGIN}/admin/leads/${row.id}`,
        });
    // staff: a letter to the branch, not to the visitor (the development outbox shows it only to its sender).
    await services.providers.mail.send({ to: row.deliver_to, subject: letter.subject, text: letter.text, staff: true, idempotencyKey: job.key });
    await q.markSent(services.db, row.id);
  },
  async failed(services, { requestId }, _job, error) {
    await q.markFailed(services.db, requestId, error);
  },
});

/** The request form's prefill for a signed-in visitor (his account's name, phone, e-mail); empty for a guest. */
export async function leadContacts(ctx: RequestContext): Promise<LeadContacts> {
  const profile = await profileOf(ctx);
  return { name: profile?.name ?? '', phone: profile?.phone ?? '', email: profile?.email ?? '' };
}

export const LEADS_PAGE_SIZE = 30;

/** The `details` column read as its kind's details (what the module wrote; anything else reads as none). */
export function detailsOf(kind: LeadKindCode, details: unknown): { service: ServiceDetails | null; financing: FinancingDetails | null } {
  const d = (typeof details === 'string' ? JSON.parse(details) : details) as Record<string, unknown> | null;
  if (kind === 'service' && d && typeof d.problem === 'string') return { service: { serial: String(d.serial ?? ''), problem: d.problem }, financing: null };
  if (kind === 'financing' && d && (d.type === 'leasing' || d.type === 'credit')) {
    return {
      service: null,
      financing: { type: d.type, price: Number(d.price), advance: Number(d.advance), termMonths: Number(d.termMonths), currency: d.currency === 'KZT' ? 'KZT' : 'RUB' },
    };
  }
  return { service: null, financing: null };
}

/** A stored row (with its assignee's name) as staff read it. */
export function leadView(r: Omit<Awaited<ReturnType<typeof q.selectPage>>['rows'][number], 'total'>): LeadView {
  return {
    id: r.id, kind: r.kind, status: r.status,
    model: { id: r.model_id, name: r.model_name, code: r.model_code },
    branchId: r.branch_id, userId: r.user_id, name: r.name, phone: r.phone, email: r.email, comment: r.comment, pageUrl: r.page_url,
    createdAt: new Date(r.created_at).toISOString(), deliveryState: r.delivery_state,
    ...detailsOf(r.kind, r.details),
    assignee: r.assignee_id !== null ? { id: r.assignee_id, name: r.assignee_name ?? '' } : null,
  };
}

/**
 * For staff: the newest requests, of one branch or of all, of a kind and a state, a page at a time.
 * The caller passes the staff member's branch scope (`leads-work.server.ts` does).
 */
export async function listLeads(services: AppServices, options: { page: number; branchId?: number | null } & Partial<Pick<StaffLeadFilter, 'kind' | 'status' | 'sort'>>): Promise<LeadPage> {
  const pageSize = LEADS_PAGE_SIZE;
  const { rows, total } = await q.selectPage(services.db, {
    branchId: options.branchId ?? null, kind: options.kind, status: options.status, sort: readSort<StaffLeadSortKey>(options.sort ?? STAFF_LEADS_DEFAULT_SORT),
    limit: pageSize, offset: (options.page - 1) * pageSize,
  });
  return { page: options.page, pageSize, total, leads: rows.map(leadView) };
}
