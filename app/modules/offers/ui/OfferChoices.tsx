import { useEffect, useRef, useState } from 'react';
import { api } from '#app/lib/api.ts';
import { CURRENCY_LABELS } from '#app/lib/money.ts';
import { AddressField } from '#app/modules/delivery/ui/AddressField.tsx';
import type { AddressSuggestion } from '#app/modules/delivery/delivery.schema.ts';
import { FinancingEstimate } from '#app/modules/financing/ui/FinancingEstimate.tsx';
import { OFFER_DELIVERY_MESSAGES, quotedPrice, type DeliveryQuote } from '../offer-delivery.rules.ts';
import { isFinanced } from '../offer-changes.rules.ts';
import { PAYMENT_TYPES, PAYMENT_TYPE_LABELS, type PaymentType } from '../offers.schema.ts';
import type { OfferEditing } from './OfferPage.tsx';
import styles from './OfferPage.module.css';

const toMinor = (rubles: string) => Math.max(0, Math.round(Number(rubles.replace(/\s/g, '').replace(',', '.')) * 100) || 0);

/**
 * Payment (spec §4): the seven types; for installment, leasing, loan and credit the advance and term,
 * and the schedules side by side on the branch's programme, recomputed as options and counts change.
 */
export function PaymentSection({ offer, effective, editable, change, total }: OfferEditing & { total: number }) {
  const chosen = effective.payments[0];
  const type: PaymentType | null = chosen?.type ?? null;
  const fee = chosen?.initial_fee ?? 0;
  const term = chosen?.term ?? 0;
  const choose = (value: PaymentType, initial_fee = fee, months = term) => change({
    type: 'payment',
    data: { value, initial_fee: isFinanced(value) ? initial_fee : 0, term: isFinanced(value) ? (months || 12) : 0 },
  });
  return (
    <section className={styles.section} aria-labelledby="offer-payment">
      <h2 id="offer-payment" className={styles.sectionTitle}>Оплата</h2>
      <div className={styles.choices} role="radiogroup" aria-labelledby="offer-payment">
        {PAYMENT_TYPES.map((t) => (
          <label key={t} className={styles.choice}>
            <input type="radio" name="payment" value={t} checked={type === t} disabled={!editable} onChange={() => choose(t)} />
            <span>{PAYMENT_TYPE_LABELS[t]}</span>
          </label>
        ))}
      </div>
      {type && isFinanced(type) ? (
        <>
          <div className={styles.fields}>
            <label className={styles.field}>
              <span>Аванс, {CURRENCY_LABELS[offer.currency]}</span>
              <input key={`fee-${fee}`} inputMode="decimal" defaultValue={String(fee / 100)} disabled={!editable} data-testid="payment-fee"
                onBlur={(e) => { const next = toMinor(e.currentTarget.value); if (next !== fee) choose(type, next, term); }} />
              <small className={styles.muted}>{total > 0 ? `${Math.round((fee / total) * 100)} % суммы` : null}</small>
            </label>
            <label className={styles.field}>
              <span>Срок, месяцев</span>
              <input key={`term-${term}`} inputMode="numeric" defaultValue={String(term)} disabled={!editable} data-testid="payment-term"
                onBlur={(e) => { const next = Math.max(1, Math.min(120, Number.parseInt(e.currentTarget.value, 10) || term)); if (next !== term) choose(type, fee, next); }} />
            </label>
          </div>
          <FinancingEstimate kinds={[type]} price={total} advance={fee} termMonths={term} />
        </>
      ) : null}
    </section>
  );
}

/** Pickup at the branch or delivery to an address (spec §4: pickupChoice / deliveryChoice). */
export function DeliverySection({ offer, effective, editable, change, money, quote, setQuote }: OfferEditing) {
  const current = effective.delivery_method === 'delivery' ? 'deliveryChoice' : 'pickupChoice';
  const [mode, setMode] = useState(current);
  const address = effective.delivery_method === 'delivery' ? (effective.delivery?.address ?? '') : '';
  const [typed, setTyped] = useState(address || (offer.content.delivery?.address ?? ''));
  const [coords, setCoords] = useState<{ lat: number; long: number } | null>(quote?.coords ? { lat: quote.coords[0], long: quote.coords[1] } : null);
  const [pricing, setPricing] = useState<'idle' | 'loading' | 'failed'>('idle');
  const shipment = offer.content.shipment[0];
  const own = offer.content.delivery?.address ?? null;
  const newAddress = mode === 'deliveryChoice' && address !== '' && address !== own;
  const counts = effective.products.map((p) => `${p.id}:${p.prices.count}`).join(',');
  const asked = useRef('');

  // A new address, or other counts: the carriers' price is asked again (ADR 088).
  useEffect(() => {
    if (!newAddress || !coords || !editable) return;
    const key = `${address}|${coords.lat},${coords.long}|${counts}`;
    if (asked.current === key) return;
    asked.current = key;
    setPricing('loading');
    const products = Object.fromEntries(effective.products.map((p) => [p.id, { count: p.prices.count }]));
    void api<{ quote: DeliveryQuote }>('POST', '/offers/single-technique/get-delivery-price', {
      offer: { hash: offer.hash }, diff: { delivery: { value: 'deliveryChoice', addres: address, coords }, products },
    }).then((answer) => {
      if (asked.current !== key) return;
      if (answer.error_status === 'success') { setQuote(answer.quote); setPricing('idle'); } else setPricing('failed');
    });
  }, [newAddress, coords, editable, address, counts, effective.products, offer.hash, setQuote]);

  const pick = (value: 'pickupChoice' | 'deliveryChoice') => {
    setMode(value);
    if (value === 'pickupChoice') change({ type: 'delivery', data: { value } });
    else if (typed.trim()) change({ type: 'delivery', data: { value, addres: typed.trim() } });
  };
  const choose = (suggestion: AddressSuggestion, asTyped: string | null) => {
    const text = (asTyped ?? suggestion.value).trim().slice(0, 300);
    setTyped(text);
    setCoords(suggestion.coords);
    if (text) change({ type: 'delivery', data: { value: 'deliveryChoice', addres: text } });
  };
  return (
    <section className={styles.section} aria-labelledby="offer-delivery">
      <h2 id="offer-delivery" className={styles.sectionTitle}>Получение</h2>
      <div className={styles.choices} role="radiogroup" aria-labelledby="offer-delivery">
        <label className={styles.choice}>
          <input type="radio" name="delivery" checked={mode === 'pickupChoice'} disabled={!editable} onChange={() => pick('pickupChoice')} />
          <span>Самовывоз{offer.branch ? ` — ${offer.branch.name}, ${offer.branch.address}` : ''}</span>
        </label>
        <label className={styles.choice}>
          <input type="radio" name="delivery" checked={mode === 'deliveryChoice'} disabled={!editable} onChange={() => pick('deliveryChoice')} />
          <span>Доставка{offer.content.delivery ? ` — ${money(offer.content.delivery.price)} по адресу из предложения` : ''}</span>
        </label>
      </div>
      {mode === 'deliveryChoice' ? (
        <div data-testid="delivery-address">
          {editable
            ? <AddressField label="Адрес доставки" value={typed} onPick={choose} />
            : <p>Адрес доставки: {address || typed || '—'}</p>}
          {newAddress ? (
            <p className={styles.deliveryPrice} role="status" data-testid="delivery-price">
              {pricing === 'loading' ? 'Рассчитываем доставку…'
                : effective.delivery && !deliveryUnknown(effective, quote, address)
                  ? <>Доставка по адресу: <b>{money(effective.delivery.price)}</b>{quoteCarrier(quote)}</>
                  : <>Доставка по адресу: <b>{OFFER_DELIVERY_MESSAGES.onRequest}</b> — стоимость рассчитает менеджер</>}
            </p>
          ) : null}
          {!address && !typed.trim() ? <small className={styles.muted}>Укажите адрес, куда доставить технику.</small> : null}
        </div>
      ) : null}
      {shipment ? <p className={styles.muted}>Отгрузка: {shipment.subsidiary ?? ''}{shipment.date ? `, ${shipment.date}` : ''}{shipment.term ? `, срок ${shipment.term}` : ''}</p> : null}
    </section>
  );
}

/** Whether the delivery to `address` has no price the carriers gave for the offer as it stands. */
function deliveryUnknown(effective: OfferEditing['effective'], quote: DeliveryQuote | null, address: string): boolean {
  return quotedPrice(quote, address, effective.products) === null;
}

function quoteCarrier(quote: DeliveryQuote | null): string {
  const items = quote?.items.filter((i) => i.carrier) ?? [];
  const carriers = [...new Set(items.map((i) => i.carrier))];
  const days = Math.max(0, ...items.map((i) => i.days ?? 0));
  return carriers.length ? ` (${carriers.join(', ')}${days ? `, ${days} дн.` : ''})` : '';
}

/** The use cases the client marks, so the manager can suggest options for them. */
export function UseCasesSection({ offer, effective, editable, change }: OfferEditing) {
  if (!offer.content.use_cases.length) return null;
  const chosen = new Set(effective.selected_use_cases);
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id); else next.delete(id);
    change({ type: 'use-cases', data: { value: [...next] } });
  };
  return (
    <section className={styles.section} aria-labelledby="offer-use-cases">
      <h2 id="offer-use-cases" className={styles.sectionTitle}>Для каких работ</h2>
      <div className={styles.choices}>
        {offer.content.use_cases.map((u) => (
          <label key={u.id} className={styles.choice}>
            <input type="checkbox" checked={chosen.has(u.id)} disabled={!editable} onChange={(e) => toggle(u.id, e.currentTarget.checked)} />
            <span className={styles.useCaseText}><span>{u.title}</span>{u.description ? <span className={styles.muted}>{u.description}</span> : null}</span>
          </label>
        ))}
      </div>
    </section>
  );
}
