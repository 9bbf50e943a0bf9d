import { useState } from 'react';
import { CURRENCY_LABELS } from '#app/lib/money.ts';
import { FinancingEstimate } from '#app/modules/financing/ui/FinancingEstimate.tsx';
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
export function DeliverySection({ offer, effective, editable, change, money }: OfferEditing) {
  const current = effective.delivery_method === 'delivery' ? 'deliveryChoice' : 'pickupChoice';
  const [mode, setMode] = useState(current);
  const [address, setAddress] = useState(effective.delivery?.address ?? '');
  const shipment = offer.content.shipment[0];
  const pick = (value: 'pickupChoice' | 'deliveryChoice') => {
    setMode(value);
    if (value === 'pickupChoice') change({ type: 'delivery', data: { value } });
    else if (address.trim()) change({ type: 'delivery', data: { value, addres: address.trim() } });
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
        <label className={styles.field}>
          <span>Адрес доставки</span>
          <input value={address} maxLength={300} disabled={!editable} data-testid="delivery-address" autoComplete="street-address"
            onChange={(e) => setAddress(e.currentTarget.value)}
            onBlur={() => { if (address.trim()) change({ type: 'delivery', data: { value: 'deliveryChoice', addres: address.trim() } }); }} />
          {address.trim() && address.trim() !== offer.content.delivery?.address ? <small className={styles.muted}>Стоимость доставки по новому адресу менеджер рассчитает и пришлёт.</small> : null}
          {!address.trim() ? <small className={styles.muted}>Укажите адрес, куда доставить технику.</small> : null}
        </label>
      ) : null}
      {shipment ? <p className={styles.muted}>Отгрузка: {shipment.subsidiary ?? ''}{shipment.date ? `, ${shipment.date}` : ''}{shipment.term ? `, срок ${shipment.term}` : ''}</p> : null}
    </section>
  );
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
            <span>{u.title}</span>
          </label>
        ))}
      </div>
    </section>
  );
}
