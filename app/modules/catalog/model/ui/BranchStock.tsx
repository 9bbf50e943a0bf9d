import { formatMoney } from '#app/lib/money.ts';
import type { BranchStockRow } from '../model.schema.ts';
import { stockLabel, stockState } from '../model.rules.ts';
import styles from './ModelPage.module.css';

/**
 * 'Наличие в филиалах': the visitor's branch first, then its country. Prices are a column only for
 * signed-in visitors; guests see where the model is and when it is expected.
 */
export function BranchStock({ rows, signedIn }: { rows: BranchStockRow[]; signedIn: boolean }) {
  if (!rows.length) return <p className={styles.muted}>Модель поставляется под заказ: срок и цену назовёт менеджер филиала.</p>;
  return (
    <div className={styles.tableScroll} tabIndex={0} role="region" aria-label="Наличие в филиалах, таблица">
      <table className={styles.stockTable} data-testid="branch-stock">
        <thead>
          <tr>
            <th scope="col">Филиал</th>
            <th scope="col">Наличие</th>
            {signedIn ? <th scope="col" className={styles.num}>Цена</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const state = stockState(r);
            return (
              <tr key={r.branch.id} className={r.current ? styles.currentRow : undefined} aria-current={r.current ? 'true' : undefined}>
                <th scope="row">
                  {r.branch.name}
                  {r.branch.city !== r.branch.name ? <span className={styles.city}>{r.branch.city}</span> : null}
                  {r.current ? <span className={styles.yours}>ваш филиал</span> : null}
                </th>
                <td className={styles[state.kind]}>{stockLabel(state)}</td>
                {signedIn ? (
                  <td className={styles.num}>{r.offer?.price != null ? formatMoney(r.offer.price, r.offer.currency) : 'по запросу'}</td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
