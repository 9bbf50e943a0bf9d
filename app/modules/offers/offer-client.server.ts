import { now } from '#app/.server/clock.ts';
import type { AppServices } from '#app/.server/context.ts';
import type { CurrencyCode } from '#app/.server/db/schema.ts';
import { enqueueMail } from '#app/.server/jobs/mail.ts';
import { CURRENCY_LABELS, formatMoney } from '#app/lib/money.ts';
import { ratesOn } from '#app/modules/financing/exchange-rates.server.ts';
import { calculateSchedule, type Schedule } from '#app/modules/financing/financing.rules.ts';
import { financingToday, programmesInForce } from '#app/modules/financing/financing.server.ts';
import { regionDirectory } from '#app/modules/regions/regions.server.ts';
import {
  applyQueue, daysLeft, diffEntries, effectiveContent, isFinanced, type ChangeItem, type OfferDiff, type PaymentChoice,
} from './offer-changes.rules.ts';
import type { DeliveryQuote } from './offer-delivery.rules.ts';
import { offerTotal } from './offers.rules.ts';
import { OFFER_CURRENCIES, type OfferContent, type OfferCurrencyCode, type OfferState, type OfferVariant, type OfferSource } from './offers.schema.ts';
import { CLIENT_OFFER_MESSAGES, type ClientOffer } from './offer-view.schema.ts';

export { CLIENT_OFFER_MESSAGES, type ClientOffer };

/*
 * The client's offer (spec §2 /offer/{hash}, §4 Offer; ADR 086): read by its link, changed by the
 * queue of the page, seen (counted from the page's script), accepted (offer-accept.server.ts).
 */

/** The manager hears of views at most this often (issue 30 §7). */
export const VIEW_NOTICE_EVERY_MS = 6 * 3_600_000;

interface OfferRow {
  id: number; hash: string; variant: OfferVariant; source: OfferSource; state: OfferState; version: number; branch_id: number;
  currency_code: number; valid_until: Date | string; diff: unknown; read_only: boolean; accepted_version: number | null;
  accepted_at: Date | null; order_id: number | null; content: unknown; delivery_quote: unknown;
}

function offerQuery(services: AppServices) {
  return services.db.selectFrom('offers_offer as o')
    .innerJoin('offers_version as v', (j) => j.onRef('v.offer_id', '=', 'o.id').onRef('v.version', '=', 'o.version'))
    .select(['o.id', 'o.hash', 'o.variant', 'o.source', 'o.state', 'o.version', 'o.branch_id', 'o.currency_code', 'o.valid_until', 'o.diff', 'o.read_only', 'o.accepted_version', 'o.accepted_at', 'o.order_id', 'o.delivery_quote', 'v.content']);
}

const isoDate = (d: Date | string) => (d instanceof Date ? d.toISOString() : d).slice(0, 10);
const parseJson = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
export const currencyOf = (code: number): CurrencyCode => OFFER_CURRENCIES[code as OfferCurrencyCode] ?? 'RUB';

/** Why an offer in this state cannot change, or null. */
export function lockedReason(row: { state: OfferState; read_only: boolean }, expired: boolean): string | null {
  if (row.state === 'draft') return CLIENT_OFFER_MESSAGES.notFound;
  if (row.state === 'accepted') return CLIENT_OFFER_MESSAGES.accepted;
  if (row.state === 'cancelled') return CLIENT_OFFER_MESSAGES.cancelled;
  if (expired) return CLIENT_OFFER_MESSAGES.expired;
  if (row.read_only) return CLIENT_OFFER_MESSAGES.readOnly;
  return null;
}

/** The schedule of a financed payment on the branch country's programme of that kind in force today. */
export async function scheduleOf(services: AppServices, country: 'RU' | 'KZ', price: number, payment: PaymentChoice): Promise<{ schedule: Schedule | null; programme: string | null; problem: string | null }> {
  if (!isFinanced(payment.value)) return { schedule: null, programme: null, problem: null };
  const date = financingToday();
  const programme = (await programmesInForce(services, country, date)).find((p) => p.kind === payment.value);
  if (!programme) return { schedule: null, programme: null, problem: 'Программы с таким видом оплаты сейчас нет: менеджер рассчитает график' };
  if (payment.term <= 0) return { schedule: null, programme: programme.name, problem: 'Укажите срок' };
  if (payment.initial_fee >= price) return { schedule: null, programme: programme.name, problem: 'Аванс должен быть меньше суммы предложения' };
  const schedule = calculateSchedule({ price, advance: payment.initial_fee, termMonths: payment.term, annualRatePercent: programme.annualRatePercent, kind: payment.value, method: 'annuity', startDate: date });
  return { schedule, programme: programme.name, problem: null };
}

/** An offer's branch and its country (the financing programmes and VAT are the country's). */
export async function branchOf(services: AppServices, branchId: number) {
  const dir = await regionDirectory(services);
  const branch = dir.branches.find((b) => b.id === branchId) ?? null;
  return { branch, countryCode: dir.countries.find((c) => c.id === branch?.countryId)?.code ?? 'RU' };
}

/** True when the link is one an offer had before it was sent again (ADR 087): the page says so, never where it went. */
export async function isReplacedLink(services: AppServices, hash: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{22,64}$/.test(hash)) return false;
  return (await services.db.selectFrom('offers_old_hash').select('hash').where('hash', '=', hash).executeTakeFirst()) !== undefined;
}

/** The offer its link opens, or null (an unknown hash). `signedIn` only tells the page whether the visitor has an account. */
export async function clientOffer(services: AppServices, hash: string, signedIn: boolean): Promise<ClientOffer | null> {
  if (!/^[A-Za-z0-9_-]{22,64}$/.test(hash)) return null;
  const row = await offerQuery(services).where('o.hash', '=', hash).executeTakeFirst() as OfferRow | undefined;
  if (!row) return null;
  return viewOf(services, row, signedIn);
}

async function viewOf(services: AppServices, row: OfferRow, signedIn: boolean): Promise<ClientOffer> {
  const content = parseJson<OfferContent>(row.content);
  const diff = parseJson<OfferDiff>(row.diff) ?? {};
  const currency = currencyOf(row.currency_code);
  const validUntil = isoDate(row.valid_until);
  const left = daysLeft(validUntil, financingToday());
  const expired = left < 0;
  const reason = lockedReason(row, expired);
  const deliveryQuote = parseJson<DeliveryQuote | null>(row.delivery_quote);
  const { deliveryPriceUnknown, ...effective } = effectiveContent(content, diff, deliveryQuote);
  const total = offerTotal(effective);
  const { branch, countryCode } = await branchOf(services, row.branch_id);
  const chosen = diff.payment ?? (content.payments[0] ? { value: content.payments[0].type, initial_fee: content.payments[0].initial_fee, term: content.payments[0].term } : null);
  const [review, currencies, order] = await Promise.all([
    lastReview(services, row.id, content),
    currenciesOf(services, row.currency_code, content),
    row.order_id === null ? null : services.db.selectFrom('orders_order').select('number').where('id', '=', row.order_id).executeTakeFirst(),
  ]);
  return {
    hash: row.hash, variant: row.variant, source: row.source, state: row.state, version: row.version, currency, countryCode,
    validUntil, daysLeft: left, expired,
    flags: { is_client: true, is_auth: signedIn, read_only: reason !== null },
    lockedReason: reason, content, diff, effective, deliveryPriceUnknown, deliveryQuote,
    versionTotal: offerTotal(content), total,
    entries: diffEntries(content, diff, (minor) => formatMoney(minor, currency)),
    payment: chosen ? { ...chosen, ...(await scheduleOf(services, countryCode, total, chosen)) } : null,
    branch: branch ? { name: branch.name, phone: branch.phone, email: branch.email, address: branch.address } : null,
    currencies,
    accepted: row.accepted_version !== null && row.accepted_at ? { version: row.accepted_version, at: row.accepted_at.toISOString(), orderNumber: order?.number ?? null } : null,
    review,
  };
}

/** The offer's currency first, then its products' original currencies, with today's rates (rates are read only when one is not the rouble). */
async function currenciesOf(services: AppServices, offerCode: number, content: OfferContent): Promise<ClientOffer['currencies']> {
  const codes = [...new Set([offerCode, ...content.products.flatMap((p) => (p.prices.original_currency ? [p.prices.original_currency] : []))])]
    .filter((code): code is OfferCurrencyCode => code in OFFER_CURRENCIES);
  const rates = codes.some((code) => code !== 643) ? await ratesOn(services.db, financingToday()) : new Map();
  return codes.map((code) => {
    const currency = OFFER_CURRENCIES[code];
    const rubE4 = currency === 'RUB' ? 10_000 : rates.get(currency);
    return { code, abbreviation: CURRENCY_LABELS[currency], rate: rubE4 === undefined ? null : rubE4 / 10_000 };
  });
}

/** The changes the manager decided in his last review, as the client is told of them. */
async function lastReview(services: AppServices, offerId: number, content: OfferContent): Promise<ClientOffer['review']> {
  const rows = await services.db.selectFrom('offers_action').select(['kind', 'product_id', 'option_id', 'decision', 'decided_at'])
    .where('offer_id', '=', offerId).where('decision', 'is not', null)
    .where('decided_at', '=', (eb) => eb.selectFrom('offers_action').select((e) => e.fn.max('decided_at').as('at')).where('offer_id', '=', offerId))
    .orderBy('id').execute();
  const seen = new Map<string, boolean>();
  for (const r of rows) {
    const product = content.products.find((p) => p.id === r.product_id);
    const option = product?.options.find((o) => o.id === r.option_id);
    const title = r.kind === 'option' ? `${product?.name ?? ''}: ${option?.name ?? r.option_id}` : r.kind === 'count' ? `${product?.name ?? ''}: количество` : ACTION_TITLES[r.kind]!;
    seen.set(title, r.decision === 'accepted');
  }
  return [...seen].map(([title, accepted]) => ({ title, accepted }));
}

const ACTION_TITLES: Record<string, string> = {
  count: 'Количество', option: 'Опция', fast_delivery: 'Быстрая поставка', commissioning: 'Пусконаладка', payment: 'Оплата',
  delivery: 'Получение', use_cases: 'Сценарии применения', comment: 'Комментарий',
};

export type SaveOutcome =
  | { ok: true; offer: ClientOffer }
  | { ok: false; code: 'not_found' | 'locked' | 'unknown' | 'invalid' | 'rule'; message: string };

/**
 * Saves the page's queue in one transaction under the offer's row lock: parallel saves of one
 * offer each see the one before (none is lost); a queue that breaks a rule saves nothing. Each
 * change is logged as an action (from, to, the version, the browser).
 */
export async function saveChanges(services: AppServices, hash: string, queue: readonly ChangeItem[], userAgent: string, signedIn: boolean): Promise<SaveOutcome> {
  if (!/^[A-Za-z0-9_-]{22,64}$/.test(hash)) return { ok: false, code: 'not_found', message: CLIENT_OFFER_MESSAGES.notFound };
  const saved = await services.db.transaction().execute(async (trx) => {
    const locked = await trx.selectFrom('offers_offer').select(['id', 'state', 'read_only', 'valid_until', 'version', 'diff']).where('hash', '=', hash).forUpdate().executeTakeFirst();
    if (!locked) return { ok: false, code: 'not_found', message: CLIENT_OFFER_MESSAGES.notFound } as const;
    const reason = lockedReason(locked, daysLeft(isoDate(locked.valid_until), financingToday()) < 0);
    if (reason) return { ok: false, code: 'locked', message: reason } as const;
    const version = await trx.selectFrom('offers_version').select('content').where('offer_id', '=', locked.id).where('version', '=', locked.version).executeTakeFirstOrThrow();
    const applied = applyQueue(parseJson<OfferContent>(version.content), parseJson<OfferDiff>(locked.diff) ?? {}, queue);
    if (!applied.ok) return applied;
    if (applied.actions.length) {
      const at = now();
      await trx.updateTable('offers_offer').set({ diff: JSON.stringify(applied.diff), last_event: JSON.stringify({ type: 'client_change', at: at.toISOString() }), updated_at: at }).where('id', '=', locked.id).execute();
      await trx.insertInto('offers_action').values(applied.actions.map((a) => ({
        offer_id: locked.id, version: locked.version, kind: a.kind, product_id: a.product_id, option_id: a.option_id,
        before: JSON.stringify(a.before), after: JSON.stringify(a.after), user_agent: userAgent.slice(0, 500), at,
      }))).execute();
    }
    return { ok: true } as const;
  });
  if (!saved.ok) return saved;
  return { ok: true, offer: (await clientOffer(services, hash, signedIn))! };
}

/**
 * A view, reported by the page's script (a mail scanner fetching the link runs no script): counted;
 * the manager is told of the first and then at most every six hours, by a letter sent as a job.
 * An unknown hash counts nothing.
 */
export async function recordView(services: AppServices, hash: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{22,64}$/.test(hash)) return false;
  const at = now();
  return services.db.transaction().execute(async (trx) => {
    const seen = await trx.updateTable('offers_offer')
      .set((eb) => ({ views: eb('views', '+', 1), first_viewed_at: eb.fn.coalesce('first_viewed_at', eb.val(at)), last_viewed_at: at }))
      .where('hash', '=', hash).returning(['id', 'views', 'client_name', 'branch_id']).executeTakeFirst();
    if (!seen) return false;
    const since = new Date(at.getTime() - VIEW_NOTICE_EVERY_MS);
    const notify = await trx.updateTable('offers_offer').set({ view_notified_at: at })
      .where('id', '=', seen.id).where((eb) => eb.or([eb('view_notified_at', 'is', null), eb('view_notified_at', '<=', since)]))
      .returning('id').executeTakeFirst();
    if (notify) {
      const row = await trx.selectFrom('offers_offer as o').innerJoin('offers_version as v', (j) => j.onRef('v.offer_id', '=', 'o.id').onRef('v.version', '=', 'o.version'))
        .innerJoin('region_branch as b', 'b.id', 'o.branch_id').select(['v.content', 'b.email']).where('o.id', '=', seen.id).executeTakeFirstOrThrow();
      const content = parseJson<OfferContent>(row.content);
      const to = content.manager.email || row.email;
      if (to) {
        const first = seen.views === 1;
        await enqueueMail(trx, {
          to, staff: true,
          subject: `${first ? 'Клиент открыл' : 'Клиент снова смотрит'} коммерческое предложение: ${seen.client_name}`,
          text: `${seen.client_name} ${first ? 'впервые открыл' : 'снова открыл'} коммерческое предложение.\nПросмотров: ${seen.views}.\n\n${services.config.PUBLIC_ORIGIN}/admin/offers/${hash}`,
        }, { key: `offers.viewed:${seen.id}:${at.getTime()}` });
      }
    }
    return true;
  });
}

/**
 * 'Запросить новое предложение' on an expired offer: a letter to its manager (or branch), once a
 * day however often it is pressed (the job's key names the day).
 */
export async function requestNewOffer(services: AppServices, hash: string): Promise<{ ok: true; message: string } | { ok: false; code: 'not_found' | 'locked'; message: string }> {
  if (!/^[A-Za-z0-9_-]{22,64}$/.test(hash)) return { ok: false, code: 'not_found', message: CLIENT_OFFER_MESSAGES.notFound };
  const row = await services.db.selectFrom('offers_offer as o').innerJoin('offers_version as v', (j) => j.onRef('v.offer_id', '=', 'o.id').onRef('v.version', '=', 'o.version'))
    .innerJoin('region_branch as b', 'b.id', 'o.branch_id')
    .select(['o.id', 'o.state', 'o.valid_until', 'o.client_name', 'o.client_phone', 'v.content', 'b.email']).where('o.hash', '=', hash).executeTakeFirst();
  if (!row) return { ok: false, code: 'not_found', message: CLIENT_OFFER_MESSAGES.notFound };
  const today = financingToday();
  if (row.state !== 'sent' || daysLeft(isoDate(row.valid_until), today) >= 0) return { ok: false, code: 'locked', message: CLIENT_OFFER_MESSAGES.renewNotExpired };
  const content = parseJson<OfferContent>(row.content);
  await enqueueMail(services.db, {
    to: content.manager.email || row.email, staff: true,
    subject: `Клиент просит новое коммерческое предложение: ${row.client_name}`,
    text: `Срок предложения истёк, клиент ${row.client_name} (${row.client_phone}) просит прислать новое.\n\n${services.config.PUBLIC_ORIGIN}/admin/offers/${hash}`,
  }, { key: `offers.renew:${row.id}:${today}` });
  return { ok: true, message: CLIENT_OFFER_MESSAGES.renewRequested };
}

/**
 * The offer's id by its current link (null: unknown). Pages that attach something of another module
 * to an offer key it by the id, which stays when a new sending changes the link (ADR 103).
 */
export async function offerIdByHash(services: AppServices, hash: string): Promise<number | null> {
  if (!/^[A-Za-z0-9_-]{22,64}$/.test(hash)) return null;
  const row = await services.db.selectFrom('offers_offer').select('id').where('hash', '=', hash).executeTakeFirst();
  return row?.id ?? null;
}
