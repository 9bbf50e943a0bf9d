import { z } from 'zod';
import type { AppServices, RequestContext } from '#app/.server/context.ts';
import { enqueueJob } from '#app/.server/jobs/enqueue.ts';
import { defineJobKind } from '#app/.server/jobs/kinds.ts';
import { LETTER_JOB_POLICY } from '#app/.server/jobs/mail.ts';
import { hitRateLimits } from '#app/.server/rate-limit.ts';
import { profileOf } from '#app/modules/auth/profile.server.ts';
import { CONSENT_TEXT_VERSION } from '#app/modules/auth/users.server.ts';
import { modelCards } from '#app/modules/catalog/cards.server.ts';
import { currentLocation, regionDirectory } from '#app/modules/regions/regions.server.ts';
import * as q from './leads.queries.server.ts';
import { offerRequestLetter } from './leads.rules.ts';
import {
  LEAD_MESSAGES, OFFER_REQUEST_RATE_LIMITS, offerRequestThanks,
  type LeadContacts, type LeadPage, type OfferRequestInput,
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

/**
 * The branch's letter of one stored request, as a job (ADR 075): written from the row when it runs,
 * sent with the job's key (a repeat after a lost lease is one letter), its delivery state written
 * back ('sent', or 'failed' after the last try: the request stays for employees to read).
 */
export const requestLetterJob = defineJobKind({
  kind: 'leads.request-letter',
  payload: z.object({ requestId: z.number().int().positive() }),
  ...LETTER_JOB_POLICY,
  async run(services, { requestId }, job) {
    const row = await q.letterOf(services.db, requestId);
    if (!row) return; // deleted meanwhile: nothing to send
    if (!row.deliver_to) throw new Error('Нет адреса филиала для письма');
    const { branches } = await regionDirectory(services);
    const letter = offerRequestLetter({
      id: row.id, modelName: row.model_name, modelCode: row.model_code,
      modelUrl: row.page_url ? `${services.config.PUBLIC_ORIGIN}${row.page_url}` : null,
      branchName: branches.find((b) => b.id === row.branch_id)?.name ?? null,
      name: row.name, phone: row.phone, email: row.email, comment: row.comment, createdAt: row.created_at,
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

/**
 * For employees: the newest requests, of one branch or of all, a page at a time. The caller checks
 * the role (this module does not know accounts' rights; issue 29 brings `requireCapability`).
 */
export async function listLeads(services: AppServices, options: { page: number; branchId?: number | null }): Promise<LeadPage> {
  const pageSize = LEADS_PAGE_SIZE;
  const { rows, total } = await q.selectPage(services.db, { branchId: options.branchId ?? null, limit: pageSize, offset: (options.page - 1) * pageSize });
  return {
    page: options.page, pageSize, total,
    leads: rows.map((r) => ({
      id: r.id, kind: r.kind, status: r.status,
      model: { id: r.model_id, name: r.model_name, code: r.model_code },
      branchId: r.branch_id, name: r.name, phone: r.phone, email: r.email, comment: r.comment, pageUrl: r.page_url,
      createdAt: r.created_at.toISOString(), deliveryState: r.delivery_state,
    })),
  };
}
