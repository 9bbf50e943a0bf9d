import { now } from '#app/.server/clock.ts';
import type { AppServices } from '#app/.server/context.ts';
import type { Outcome } from '#app/.server/http.ts';
import { enqueueMail, enqueueSms } from '#app/.server/jobs/mail.ts';
import { AUTH_ERRORS, codeRefusal, deliveryFailure } from '#app/modules/auth/auth.server.ts';
import { issueCode, verifyCode } from '#app/modules/auth/codes.server.ts';
import { formatPhoneDisplay } from '#app/lib/phone.ts';
import { orderFromOffer } from '#app/modules/orders/offer-order.server.ts';
import { daysLeft, effectiveContent, type OfferDiff } from './offer-changes.rules.ts';
import { CLIENT_OFFER_MESSAGES, currencyOf, lockedReason } from './offer-client.server.ts';
import type { OfferContent, OfferState } from './offers.schema.ts';
import { financingToday } from '#app/modules/financing/financing.server.ts';

/*
 * Acceptance (issue 30 §6; ADR 086): the client accepts the version he sees with a code sent by SMS
 * to the offer's phone, a simple electronic signature (who: the phone; when; which version; the
 * code's record; the browser and address). The accepted offer becomes an order, once, and no longer
 * changes.
 */

export const ACCEPT_MESSAGES = {
  pending: 'Ваши изменения ещё не рассмотрены менеджером: принять можно версию после его ответа.',
  stale: 'Предложение изменилось, пока вы его смотрели: обновите страницу и проверьте новую версию.',
  codeSent: (phone: string) => `Код отправлен на номер ${phone}`,
  accepted: (order: string) => `Предложение принято. Номер заказа: ${order}. Менеджер свяжется с вами.`,
} as const;

const HASH = /^[A-Za-z0-9_-]{22,64}$/;

async function acceptable(services: AppServices, hash: string) {
  if (!HASH.test(hash)) return { ok: false, code: 'not_found', message: CLIENT_OFFER_MESSAGES.notFound } as const;
  const row = await services.db.selectFrom('offers_offer').select(['id', 'state', 'read_only', 'valid_until', 'version', 'diff', 'client_phone'])
    .where('hash', '=', hash).executeTakeFirst();
  if (!row) return { ok: false, code: 'not_found', message: CLIENT_OFFER_MESSAGES.notFound } as const;
  return { ok: true, row } as const;
}

const validUntilOf = (d: Date | string) => (d instanceof Date ? d.toISOString() : d).slice(0, 10);
const hasChanges = (diff: unknown) => Object.keys((typeof diff === 'string' ? JSON.parse(diff) : diff) ?? {}).length > 0;

function refusal(row: { state: OfferState; read_only: boolean; valid_until: Date | string; diff: unknown }): Outcome | null {
  const reason = lockedReason(row, daysLeft(validUntilOf(row.valid_until), financingToday()) < 0);
  if (reason) return { ok: false, message: reason, code: 'locked' };
  if (hasChanges(row.diff)) return { ok: false, message: ACCEPT_MESSAGES.pending, code: 'pending' };
  return null;
}

/** Sends the acceptance code to the offer's phone (the limits and the 30 s lock of every phone code). */
export async function sendAcceptanceCode(services: AppServices, hash: string, ip: string | null): Promise<Outcome & { phone?: string }> {
  const found = await acceptable(services, hash);
  if (!found.ok) return found;
  const refused = refusal(found.row);
  if (refused) return refused;
  const issued = await issueCode(services, { phone: found.row.client_phone, purpose: 'offer_accept', channel: 'sms', ip });
  if (!issued.ok) return codeRefusal(issued);
  const failed = await deliveryFailure(AUTH_ERRORS.delivery, () => services.providers.sms.send(found.row.client_phone, `Код для принятия коммерческого предложения Агротехники: ${issued.code}. Никому его не сообщайте.`));
  if (failed) return failed;
  const phone = formatPhoneDisplay(found.row.client_phone);
  return { ok: true, message: ACCEPT_MESSAGES.codeSent(phone), phone };
}

/**
 * Accepts `version` with the code: the code is checked (five tries, single use), then under the
 * offer's row lock the offer must still be that version, open and without unreviewed changes; it
 * becomes accepted with its signature and its order in one transaction. Parallel acceptances make
 * one order: the second finds the offer accepted.
 */
export async function acceptOffer(services: AppServices, hash: string, input: { version: number; code: string; userAgent: string; ip: string | null }): Promise<Outcome & { orderNumber?: string }> {
  const found = await acceptable(services, hash);
  if (!found.ok) return found;
  const refused = refusal(found.row);
  if (refused) return refused;
  if (found.row.version !== input.version) return { ok: false, message: ACCEPT_MESSAGES.stale, code: 'stale' };
  const checked = await verifyCode(services, { phone: found.row.client_phone, purpose: 'offer_accept', code: input.code });
  if (!checked.ok) {
    if (checked.code === 'wrong_code') return { ok: false, message: AUTH_ERRORS.wrongCode(checked.attemptsLeft), code: 'wrong_code' };
    return { ok: false, message: checked.code === 'too_many_attempts' ? AUTH_ERRORS.tooManyAttempts : AUTH_ERRORS.codeExpired, code: checked.code };
  }
  return services.db.transaction().execute(async (trx) => {
    const offer = await trx.selectFrom('offers_offer').selectAll().where('id', '=', found.row.id).forUpdate().executeTakeFirstOrThrow();
    const again = refusal(offer);
    if (again) return again;
    if (offer.version !== input.version) return { ok: false, message: ACCEPT_MESSAGES.stale, code: 'stale' };
    const { content: raw } = await trx.selectFrom('offers_version').select('content').where('offer_id', '=', offer.id).where('version', '=', offer.version).executeTakeFirstOrThrow();
    const content = (typeof raw === 'string' ? JSON.parse(raw) : raw) as OfferContent;
    const currency = currencyOf(offer.currency_code);
    const at = now();
    const { deliveryPriceUnknown: _u, ...version } = effectiveContent(content, {} as OfferDiff);
    const delivery = version.delivery_method === 'delivery' && version.delivery && offer.source !== '1C-Personal'
      ? { method: 'calc' as const, address: version.delivery.address, price: version.delivery.price, unknownPrice: false }
      : { method: 'pickup' as const };
    const order = await orderFromOffer(trx, {
      name: content.client.company ? `${content.client.company}, ${content.client.name}` : content.client.name,
      phone: offer.client_phone, email: content.client.email ?? '', branchId: offer.branch_id, delivery, currency,
      comment: `Коммерческое предложение, версия ${offer.version}, принято по SMS-коду ${at.toISOString().slice(0, 10)}`,
      lines: orderLines(content),
    }, `Из коммерческого предложения (версия ${offer.version})`);
    await trx.insertInto('offers_acceptance').values({ offer_id: offer.id, version: offer.version, phone: offer.client_phone, code_id: checked.codeId, user_agent: input.userAgent.slice(0, 500), ip: input.ip, signed_at: at }).execute();
    await trx.updateTable('offers_offer').set({
      state: 'accepted', accepted_version: offer.version, accepted_at: at, order_id: order.id, updated_at: at,
      last_event: JSON.stringify({ type: 'accepted', at: at.toISOString() }),
    }).where('id', '=', offer.id).execute();
    const branch = await trx.selectFrom('region_branch').select('email').where('id', '=', offer.branch_id).executeTakeFirst();
    const to = content.manager.email || branch?.email;
    if (to) {
      await enqueueMail(trx, {
        to, staff: true, subject: `Клиент принял коммерческое предложение: ${offer.client_name}, заказ ${order.number}`,
        text: `${offer.client_name} принял версию ${offer.version} коммерческого предложения кодом из SMS.\nЗаказ ${order.number}: ${services.config.PUBLIC_ORIGIN}/admin/orders/${encodeURIComponent(order.number)}`,
      }, { key: `offers.accepted:${offer.id}` });
    }
    await enqueueSms(trx, { to: offer.client_phone, text: `Вы приняли коммерческое предложение. Заказ ${order.number}. Агротехника` }, { key: `offers.accepted.sms:${offer.id}` });
    return { ok: true, message: ACCEPT_MESSAGES.accepted(order.number), orderNumber: order.number };
  });
}

/** The order's lines of a version: each product at its price, its chosen options (per machine), its commissioning; they add up to `productTotal`. */
export function orderLines(content: OfferContent): Array<{ code: string; name: string; count: number; price: number }> {
  return content.products.flatMap((p) => {
    const count = p.prices.count;
    const lines = [{ code: p.code ?? p.id, name: p.name, count, price: p.prices.price }];
    for (const o of p.options) if (!o.isIncluded && o.count > 0) lines.push({ code: `${p.code ?? p.id}/${o.id}`, name: `${p.name}: ${o.name}`, count: o.count * count, price: o.price });
    if (p.prices.commissioning_total > 0) lines.push({ code: `${p.code ?? p.id}/ПНР`, name: `${p.name}: пусконаладка`, count: 1, price: p.prices.commissioning_total });
    return lines;
  });
}
