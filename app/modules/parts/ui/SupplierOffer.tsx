import { formatMoney } from '#app/lib/money.ts';
import { plural } from '#app/lib/plural.ts';
import type { SupplierOfferView } from '../parts.schema.ts';
import { CartButton } from './cart-button-slot.tsx';
import styles from './SupplierOffer.module.css';

/** 'Под заказ, N дней' from a supplier's list (ADR 096, 101): the price only for those who see prices. */
export function SupplierOfferNote({ offer, compact = false }: { offer: SupplierOfferView; compact?: boolean }) {
  const days = offer.leadTimeDays;
  return (
    <p className={`${styles.note} ${compact ? styles.compact : ''}`} data-testid="part-supplier-offer">
      <span>Под заказ, {days} {plural(days, 'день', 'дня', 'дней')}</span>
      {offer.price !== null ? <strong>{formatMoney(offer.price, offer.currency)}</strong> : null}
      {offer.minOrder > 1 || offer.multiplicity > 1 ? (
        <span className={styles.muted}>
          {offer.minOrder > 1 ? `от ${offer.minOrder} шт.` : null}{offer.minOrder > 1 && offer.multiplicity > 1 ? ', ' : null}
          {offer.multiplicity > 1 ? `кратно ${offer.multiplicity} шт.` : null}
        </span>
      ) : null}
    </p>
  );
}

/** The least count a supplier takes: his minimum order rounded up to his multiplicity. */
export function supplierStart(offer: { minOrder: number; multiplicity: number }): number {
  const step = Math.max(1, offer.multiplicity);
  return Math.ceil(Math.max(1, offer.minOrder) / step) * step;
}

/**
 * A supplier's offer with its 'Заказать под заказ' (ADR 099): the part page, the line's rows and the
 * number search's rows show the same note and order the same cart line from the supplier.
 */
export function SupplierOrder({ partId, offer, label, compact = false }: { partId: number; offer: SupplierOfferView; label?: string; compact?: boolean }) {
  return (
    <div className={styles.order} data-testid="part-supplier-order">
      <SupplierOfferNote offer={offer} compact={compact} />
      <CartButton partId={partId} label={label} supplier initialCount={supplierStart(offer)} compact={compact} />
    </div>
  );
}
