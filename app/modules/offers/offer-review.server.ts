import { recordAudit } from '#app/.server/audit.ts';
import { now } from '#app/.server/clock.ts';
import type { AppServices } from '#app/.server/context.ts';
import { enqueueMail, enqueueSms } from '#app/.server/jobs/mail.ts';
import { formatMoney } from '#app/lib/money.ts';
import { z } from '#app/lib/zod.ts';
import type { DeliveryQuote } from './offer-delivery.rules.ts';
import { acceptedPart, diffEntries, effectiveContent, isFinanced, optionRuleProblems, type ActionKind, type OfferDiff } from './offer-changes.rules.ts';
import { branchOf, clientOffer, currencyOf, scheduleOf, type ClientOffer } from './offer-client.server.ts';
import { offerTotal } from './offers.rules.ts';
import { versionRecord } from './offers.server.ts';
import type { OfferContent } from './offers.schema.ts';

/*
 * The manager's review of a client's changes (issue 30 §2; ADR 086): each change accepted or
 * declined; the accepted ones make the next version, immutable like every version, with the payment
 * schedule of the day frozen into it; the client is told.
 */

export const REVIEW_MESSAGES = {
  nothing: 'Клиент ничего не менял: решать нечего.',
  undecided: 'Примите или отклоните каждое изменение.',
  locked: 'Предложение уже принято или отменено: изменения не рассматриваются.',
  stale: 'Клиент изменил предложение, пока вы его смотрели: проверьте изменения ещё раз.',
  done: (version: number | null) => (version === null ? 'Изменения отклонены; версия осталась прежней.' : `Решения применены: клиенту отправлена версия ${version}.`),
} as const;

/** The form: a decision per change key, and the diff the manager saw (a change made since then is not decided blind). */
export const reviewInput = z.object({
  seen: z.string().max(100_000),
  decisions: z.record(z.string().max(200), z.enum(['accept', 'decline'])),
});

export type ReviewOutcome = { ok: true; version: number | null; message: string } | { ok: false; code: 'not_found' | 'locked' | 'nothing' | 'undecided' | 'stale' | 'rule'; message: string };

/** The key of the diff entry an action belongs to (offer-changes.rules.ts diffEntries). */
function entryKeyOf(a: { kind: ActionKind; product_id: string | null; option_id: string | null }): string {
  if (a.kind === 'option') return `product:${a.product_id}:option:${a.option_id}`;
  if (a.kind === 'count' || a.kind === 'fast_delivery' || a.kind === 'commissioning') return `product:${a.product_id}:${a.kind}`;
  return a.kind;
}

const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/**
 * Applies the manager's decisions under the offer's row lock. Every change must be decided, on the
 * diff the manager saw; accepted ones make version n+1 (prices and the schedule frozen in it), the
 * diff is emptied, each logged action gets its decision. A version that would break an option
 * rule (an option accepted without the one it needs) is refused.
 */
export async function reviewChanges(services: AppServices, actor: { userId: number; name: string }, scope: number | null, hash: string, input: z.infer<typeof reviewInput>, ip: string | null): Promise<ReviewOutcome> {
  return services.db.transaction().execute(async (trx): Promise<ReviewOutcome> => {
    let query = trx.selectFrom('offers_offer').selectAll().where('hash', '=', hash);
    if (scope !== null) query = query.where('branch_id', '=', scope);
    const offer = await query.forUpdate().executeTakeFirst();
    if (!offer) return { ok: false, code: 'not_found', message: 'Предложение не найдено' };
    if (offer.state !== 'sent') return { ok: false, code: 'locked', message: REVIEW_MESSAGES.locked };
    const diff = parse<OfferDiff>(offer.diff) ?? {};
    if (JSON.stringify(diff) !== input.seen) return { ok: false, code: 'stale', message: REVIEW_MESSAGES.stale };
    const { content: raw } = await trx.selectFrom('offers_version').select('content').where('offer_id', '=', offer.id).where('version', '=', offer.version).executeTakeFirstOrThrow();
    const content = parse<OfferContent>(raw);
    const currency = currencyOf(offer.currency_code);
    const entries = diffEntries(content, diff, (m) => formatMoney(m, currency)).filter((e) => e.kind !== 'comment');
    if (entries.length === 0 && !diff.comment) return { ok: false, code: 'nothing', message: REVIEW_MESSAGES.nothing };
    if (entries.some((e) => !input.decisions[e.key])) return { ok: false, code: 'undecided', message: REVIEW_MESSAGES.undecided };
    const accepted = new Set(entries.filter((e) => input.decisions[e.key] === 'accept').map((e) => e.key));

    const at = now();
    let version: number | null = null;
    if (accepted.size > 0) {
      const part = acceptedPart(diff, accepted);
      const { deliveryPriceUnknown: _u, ...next } = effectiveContent(content, part, parse<DeliveryQuote | null>(offer.delivery_quote));
      const problem = optionRuleProblems(next);
      if (problem) return { ok: false, code: 'rule', message: problem };
      if (part.payment) {
        const { countryCode } = await branchOf(services, offer.branch_id);
        const total = offerTotal(next);
        const planned = isFinanced(part.payment.value) ? await scheduleOf(services, countryCode, total, part.payment) : null;
        next.payments = [{
          type: part.payment.value, amount: total, initial_fee: part.payment.initial_fee, term: part.payment.term,
          details: (planned?.schedule?.rows ?? []).map((r) => ({ date: r.date.split('-').reverse().join('.'), percentage: r.percent, sum: r.sum, prepay: r.prepay })),
        }];
      }
      version = offer.version + 1;
      await trx.insertInto('offers_version').values({ offer_id: offer.id, version, ...versionRecord(next) }).execute();
      await trx.updateTable('offers_offer').set({ version, total: offerTotal(next) }).where('id', '=', offer.id).execute();
    }
    await trx.updateTable('offers_offer').set({ diff: '{}', updated_at: at, last_event: JSON.stringify({ type: 'reviewed', at: at.toISOString(), version }) }).where('id', '=', offer.id).execute();
    const actions = await trx.selectFrom('offers_action').select(['id', 'kind', 'product_id', 'option_id'])
      .where('offer_id', '=', offer.id).where('version', '=', offer.version).where('decision', 'is', null).execute();
    const decide = (ids: string[], decision: 'accepted' | 'declined') => (ids.length
      ? trx.updateTable('offers_action').set({ decision, decided_at: at, decided_by: actor.name }).where('id', 'in', ids).execute()
      : Promise.resolve());
    // A comment is read, not decided: it counts as taken.
    const taken = (a: (typeof actions)[number]) => a.kind === 'comment' || accepted.has(entryKeyOf(a));
    const yes = actions.filter(taken).map((a) => a.id);
    const no = actions.filter((a) => !taken(a)).map((a) => a.id);
    await decide(yes, 'accepted');
    await decide(no, 'declined');
    await recordAudit(trx, {
      actor, action: 'offer.review', entity: 'offer', entityId: hash, ip,
      before: { version: offer.version, diff },
      after: { version: version ?? offer.version, accepted: [...accepted], declined: entries.filter((e) => !accepted.has(e.key)).map((e) => e.key) },
    });
    const link = `${services.config.PUBLIC_ORIGIN}/offer/${hash}`;
    const text = version === null
      ? `Менеджер рассмотрел ваши изменения в коммерческом предложении: ${link}`
      : `Менеджер обновил коммерческое предложение по вашим изменениям (версия ${version}): ${link}`;
    await enqueueSms(trx, { to: offer.client_phone, text }, { key: `offers.reviewed.sms:${offer.id}:${at.getTime()}` });
    if (offer.client_email) await enqueueMail(trx, { to: offer.client_email, subject: 'Ваше коммерческое предложение обновлено', text }, { key: `offers.reviewed.mail:${offer.id}:${at.getTime()}` });
    return { ok: true, version, message: REVIEW_MESSAGES.done(version) };
  });
}

/** What the staff's page of one offer shows: the client's view of it, its versions, the log, the signature. */
export interface StaffOffer {
  offer: ClientOffer;
  clientName: string;
  clientPhone: string;
  clientEmail: string | null;
  managerName: string;
  views: { count: number; first: string | null; last: string | null };
  versions: Array<{ version: number; at: string; content: OfferContent }>;
  actions: Array<{ id: string; kind: ActionKind; productId: string | null; optionId: string | null; before: unknown; after: unknown; version: number; at: string; userAgent: string; decision: 'accepted' | 'declined' | null; decidedBy: string | null }>;
  acceptance: { version: number; phone: string; signedAt: string; userAgent: string; ip: string | null; codeId: number } | null;
  orderNumber: string | null;
}

/** One offer for staff of its branch (another branch's is not found), or null. */
export async function staffOffer(services: AppServices, scope: number | null, hash: string): Promise<StaffOffer | null> {
  if (!/^[A-Za-z0-9_-]{22,64}$/.test(hash)) return null;
  let query = services.db.selectFrom('offers_offer').selectAll().where('hash', '=', hash);
  if (scope !== null) query = query.where('branch_id', '=', scope);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const [offer, versions, actions, acceptance, order] = await Promise.all([
    clientOffer(services, hash, true),
    services.db.selectFrom('offers_version').select(['version', 'created_at', 'content']).where('offer_id', '=', row.id).orderBy('version').execute(),
    services.db.selectFrom('offers_action').selectAll().where('offer_id', '=', row.id).orderBy('id', 'desc').limit(200).execute(),
    services.db.selectFrom('offers_acceptance').selectAll().where('offer_id', '=', row.id).executeTakeFirst(),
    row.order_id === null ? null : services.db.selectFrom('orders_order').select('number').where('id', '=', row.order_id).executeTakeFirst(),
  ]);
  return {
    offer: offer!, clientName: row.client_name, clientPhone: row.client_phone, clientEmail: row.client_email, managerName: row.manager_name,
    views: { count: row.views, first: row.first_viewed_at?.toISOString() ?? null, last: row.last_viewed_at?.toISOString() ?? null },
    versions: versions.map((v) => ({ version: v.version, at: v.created_at.toISOString(), content: parse<OfferContent>(v.content) })),
    actions: actions.map((a) => ({
      id: String(a.id), kind: a.kind, productId: a.product_id, optionId: a.option_id, before: parse(a.before), after: parse(a.after),
      version: a.version, at: a.at.toISOString(), userAgent: a.user_agent, decision: a.decision, decidedBy: a.decided_by,
    })),
    acceptance: acceptance ? { version: acceptance.version, phone: acceptance.phone, signedAt: acceptance.signed_at.toISOString(), userAgent: acceptance.user_agent, ip: acceptance.ip, codeId: acceptance.code_id } : null,
    orderNumber: order?.number ?? null,
  };
}
