import { memo, type MouseEvent } from 'react';
import { Link } from '#app/components/ui/Link.tsx';
import { PriceBlock } from '#app/modules/catalog/ui/PriceBlock.tsx';
import { PARTS_LINE_TEXTS, STOCK_TONE_LABELS, type PartRowView, type StockTone } from '../line.schema.ts';
import { CartButton } from '../../ui/cart-button-slot.tsx';
import { SupplierOrder } from '../../ui/SupplierOffer.tsx';
import { Analogs } from './Analogs.tsx';
import styles from './PartRows.module.css';
import { PartBookmarkButton } from '#app/modules/catalog/marks/ui/PartBookmarkButton.tsx';

export interface PartRowsProps {
  rows: PartRowView[];
  signedIn: boolean;
  /** On a drawing: a row's click selects its balloon. */
  onRowSelect?: (callout: number) => void;
  /** Without a drawing: each row links to its drawing. */
  drawingLink?: (row: PartRowView) => string;
}

/**
 * The part rows (issue 9 point 3): callout, number, name, quantity in the assembly, note, price
 * (signed-in visitors; guests the sign-in prompt, as on the machinery cards), stock here and at the
 * other branches, analogs, and 'В корзину' with a count. Memoised: highlighting never re-renders it.
 */
export const PartRows = memo(function PartRows({ rows, signedIn, onRowSelect, drawingLink }: PartRowsProps) {
  const onClick = (e: MouseEvent<HTMLTableSectionElement>) => {
    if (!onRowSelect) return;
    // Controls of a row (the stepper, the cart button, the analogs) do their own thing.
    if ((e.target as Element).closest('button, input, a, summary, details')) return;
    const tr = (e.target as Element).closest('tr[data-callout]');
    if (tr) onRowSelect(Number(tr.getAttribute('data-callout')));
  };
  if (rows.length === 0) return <p className={styles.empty}>{PARTS_LINE_TEXTS.noParts}</p>;
  return (
    <div className={styles.wrap}>
      <table className={styles.table} data-testid="part-rows">
        <caption className="visually-hidden">Детали {drawingLink ? 'модельной линейки' : 'на чертеже'}</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.num}>Поз.</th>
            <th scope="col">Деталь</th>
            <th scope="col" className={styles.qty}>Кол-во</th>
            <th scope="col">Цена и наличие</th>
            <th scope="col"><span className="visually-hidden">В корзину</span></th>
          </tr>
        </thead>
        <tbody onClick={onClick}>
          {rows.map((r) => {
            const drawingHref = drawingLink ? drawingLink(r) : null;
            return (
              <tr key={r.key} data-callout={r.callout} data-fits={r.fits ? undefined : 'no'} className={styles.row} data-testid={`row-${r.callout}`}>
                <CalloutCell row={r} drawingHref={drawingHref} onRowSelect={onRowSelect} />
                <td className={styles.partCell}><PartDescription row={r} drawingTitle={drawingHref !== null ? r.drawingTitle : null} /></td>
                <td className={styles.qty}><span className={styles.qtyLabel}>Кол-во в узле: </span>{r.quantity}</td>
                <td className={styles.price}>
                  {/* A part's price has no 'Суперцена' (the machinery's mark). */}
                  <PriceBlock offer={signedIn && r.offer ? { ...r.offer, superPrice: false } : null} inStock={(r.offer?.quantity ?? 0) > 0} guest={!signedIn} />
                  <StockElsewhere tone={r.tone} elsewhere={r.elsewhere} />
                </td>
                <td className={styles.cart}>
                  <CartButton partId={r.partId} label={`${r.code} ${r.name}`} compact />
                  {r.supplierOffer ? <SupplierOrder partId={r.partId} offer={r.supplierOffer} label={`${r.code} ${r.name}`} compact /> : null}
                  <PartBookmarkButton partId={r.partId} variant="icon" />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
});

type RowSelect = PartRowsProps['onRowSelect'];

/** The callout: a link to the drawing (rows of several drawings), a button (on a drawing) or its number. */
function CalloutCell({ row, drawingHref, onRowSelect }: { row: PartRowView; drawingHref: string | null; onRowSelect?: RowSelect }) {
  return (
    <td className={styles.num}>
      {drawingHref !== null ? <Link to={drawingHref} className={styles.callout} aria-label={`Позиция ${row.callout} на чертеже «${row.drawingTitle}»`}>{row.callout}</Link>
        : onRowSelect ? <button type="button" className={styles.callout} onClick={() => onRowSelect(row.callout)} aria-label={`Показать позицию ${row.callout} на чертеже`}>{row.callout}</button>
          : <span className={styles.callout}>{row.callout}</span>}
    </td>
  );
}

/** The part's number, name, maker and notes. */
function PartDescription({ row: r, drawingTitle }: { row: PartRowView; drawingTitle: string | null }) {
  return (
    <div className={styles.part}>
      <span className={styles.code}>{r.code}</span>
      <span className={styles.name}>{r.name}</span>
      <span className={styles.meta}>
        {r.maker}
        {drawingTitle !== null ? <> · {drawingTitle}</> : null}
      </span>
      {r.note ? <span className={styles.note}>{r.note}</span> : null}
      {r.serialRange ? <span className={styles.serial}>Серийные номера {r.serialRange}</span> : null}
      {!r.fits ? <strong className={styles.notFit}>{PARTS_LINE_TEXTS.notForSerial}</strong> : null}
      {r.analogs > 0 ? <Analogs code={r.code} count={r.analogs} /> : null}
    </div>
  );
}

type Elsewhere = PartRowView['elsewhere'];

/** How the part stands here (unless in stock) and at the other branches. */
function StockElsewhere({ tone, elsewhere }: { tone: StockTone; elsewhere: Elsewhere }) {
  return (
    <>
      {tone !== 'here' ? <p className={styles.tone} data-tone={tone}><span className={styles.dot} aria-hidden="true" />{STOCK_TONE_LABELS[tone]}</p> : null}
      {elsewhere.length > 0 ? (
        <details className={styles.elsewhere}>
          <summary>В других филиалах: {elsewhere.reduce((s, b) => s + b.quantity, 0).toLocaleString('ru-RU')} шт.</summary>
          <ul>{elsewhere.map((b) => <li key={b.branchName}>{b.branchName}: {b.quantity.toLocaleString('ru-RU')} шт.</li>)}</ul>
        </details>
      ) : null}
    </>
  );
}
