import { Link } from '#app/components/ui/Link.tsx';
import { PriceBlock } from '#app/modules/catalog/ui/PriceBlock.tsx';
import type { PartListItem, PartOfferLine } from '../pages.schema.ts';
import { CartButton } from '../../ui/cart-button-slot.tsx';
import { SupplierOrder } from '../../ui/SupplierOffer.tsx';
import styles from './parts-pages.module.css';

/** The catalogue's price block for a part: its offer at the visitor's branch (guests: the sign-in prompt). */
export function PartPrice({ here, size = 'card' }: { here: PartOfferLine | null; size?: 'card' | 'page' }) {
  const offer = here ? { branchId: 0, currency: here.currency, price: here.price, oldPrice: here.oldPrice, superPrice: false, quantity: here.quantity, expectedDate: here.expectedDate } : null;
  return <PriceBlock offer={offer} inStock={(here?.quantity ?? 0) > 0} size={size} />;
}

export function elsewhereLabel(units: number): string | null {
  return units > 0 ? `В других филиалах: ${units.toLocaleString('ru-RU')} шт.` : null;
}

/**
 * Parts as a table (number, name, maker, price and stock, add to cart); below 768 px each row is a
 * card. `extra` adds a cell before the price (a relation on the part page).
 */
export function PartsTable({ items, caption, extra }: {
  items: PartListItem[];
  caption: string;
  extra?: { title: string; cell: (item: PartListItem) => React.ReactNode };
}) {
  return (
    <table className={styles.table} data-testid="parts-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Номер</th>
          <th scope="col">Наименование</th>
          {extra ? <th scope="col">{extra.title}</th> : null}
          <th scope="col">Цена и наличие</th>
          <th scope="col"><span className="visually-hidden">Корзина</span></th>
        </tr>
      </thead>
      <tbody>
        {items.map((p) => {
          const elsewhere = elsewhereLabel(p.elsewhere);
          return (
            <tr key={p.id} data-testid="part-row">
              <td><Link to={p.link} className={styles.code}>{p.code}</Link></td>
              <td className={styles.wide}>{p.name}<p className={styles.elsewhere}>{p.manufacturer.name}</p></td>
              {extra ? <td>{extra.cell(p)}</td> : null}
              <td>
                <PartPrice here={p.here} />
                {elsewhere ? <p className={styles.elsewhere}>{elsewhere}</p> : null}
              </td>
              <td>
                <CartButton partId={p.id} label={`${p.code} ${p.name}`} compact />
                {p.supplierOffer ? <SupplierOrder partId={p.id} offer={p.supplierOffer} label={`${p.code} ${p.name}`} compact /> : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
