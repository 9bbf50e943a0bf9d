import { memo, type MouseEvent } from 'react';
import { Link } from '#app/components/ui/Link.tsx';
import { SharedMarkup } from '#app/components/ui/SharedMarkup.tsx';
import type { BranchOffer } from '#app/modules/catalog/catalog.schema.ts';
import { PriceBlock, SignedPriceBlock } from '#app/modules/catalog/ui/PriceBlock.tsx';
import { PARTS_LINE_TEXTS, STOCK_TONE_LABELS, type PartRowView, type StockTone } from '../line.schema.ts';
import { AddToCartButton } from '#app/modules/cart/ui/AddToCartButton.tsx';
import { Analogs } from './Analogs.tsx';
import styles from './PartRows.module.css';
import { PartBookmarkButton } from '#app/modules/catalog/marks/ui/PartBookmarkButton.tsx';
import { MarkToggle, PART_BOOKMARK_TOGGLE } from '#app/modules/catalog/marks/ui/MarkToggle.tsx';

export interface PartRowsProps {
  rows: PartRowView[];
  signedIn: boolean;
  /** A signed-in visitor's favourite parts among the rows (`markedAmong`); guests' buttons read theirs. */
  bookmarked: readonly number[];
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
export const PartRows = memo(function PartRows({ rows, signedIn, bookmarked, onRowSelect, drawingLink }: PartRowsProps) {
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
            const host = { 'data-callout': String(r.callout), 'data-fits': r.fits ? undefined : 'no', className: styles.row, 'data-testid': `row-${r.callout}` };
            // A signed-in visitor's row is shared markup whole (ADR 051): the list is given his
            // favourites and passes the mark, the cart form keeps its count in the browser.
            return signedIn ? (
              <SharedMarkup
                key={r.key}
                as="tr"
                {...host}
                component={SignedPartRow}
                props={{ row: r, drawingHref, bookmarked: bookmarked.includes(r.partId), onRowSelect }}
              />
            ) : (
              <tr key={r.key} {...host}>
                <CalloutCell row={r} drawingHref={drawingHref} onRowSelect={onRowSelect} />
                <DescriptionCell row={r} drawingHref={drawingHref} />
                <QuantityCell quantity={r.quantity} />
                <td className={styles.price}>
                  <PriceBlock offer={null} inStock={(r.offer?.quantity ?? 0) > 0} guest />
                  <StockElsewhere tone={r.tone} elsewhere={r.elsewhere} />
                </td>
                <td className={styles.cart}>
                  <AddToCartButton partId={r.partId} label={`${r.code} ${r.name}`} compact />
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

function DescriptionCell({ row: r, drawingHref }: { row: PartRowView; drawingHref: string | null }) {
  return (
    <SharedMarkup
      as="td"
      className={styles.partCell}
      component={PartDescription}
      props={{ code: r.code, name: r.name, maker: r.maker, drawingTitle: drawingHref !== null ? r.drawingTitle : null, note: r.note, serialRange: r.serialRange, fits: r.fits, analogs: r.analogs }}
    />
  );
}

function QuantityCell({ quantity }: { quantity: number }) {
  return <td className={styles.qty}><span className={styles.qtyLabel}>Кол-во в узле: </span>{quantity}</td>;
}

interface SignedPartRowProps {
  row: PartRowView;
  /** The row's drawing, where the list holds rows of several drawings. */
  drawingHref: string | null;
  /** The part is among the visitor's favourites. */
  bookmarked: boolean;
  onRowSelect?: RowSelect;
}

/**
 * A signed-in visitor's row from its props alone, so the whole row is shared markup (ADR 051): the
 * same cells as a guest's, with the price and stock at his branch; the cart form's ids come from
 * the position, unique on the page.
 */
export function SignedPartRow({ row: r, drawingHref, bookmarked, onRowSelect }: SignedPartRowProps) {
  return (
    <>
      <CalloutCell row={r} drawingHref={drawingHref} onRowSelect={onRowSelect} />
      <DescriptionCell row={r} drawingHref={drawingHref} />
      <QuantityCell quantity={r.quantity} />
      <SharedMarkup
        as="td"
        className={styles.price}
        component={SignedPartStock}
        props={{ offer: r.offer ? { ...r.offer, superPrice: false } : null, inStock: (r.offer?.quantity ?? 0) > 0, tone: r.tone, elsewhere: r.elsewhere }}
      />
      <td className={styles.cart}>
        <AddToCartButton partId={r.partId} label={`${r.code} ${r.name}`} compact idBase={`part-row-${r.key}`} />
        <MarkToggle {...PART_BOOKMARK_TOGGLE} itemId={r.partId} variant="icon" pressed={bookmarked} />
      </td>
    </>
  );
}

interface PartDescriptionProps {
  code: string;
  name: string;
  maker: string;
  /** Where rows of several drawings are listed: the drawing's title after the maker. */
  drawingTitle: string | null;
  note: string | null;
  serialRange: string | null;
  fits: boolean;
  analogs: number;
}

/** The part's number, name, maker and notes: the same for every visitor, so shared markup (ADR 048). */
export function PartDescription({ code, name, maker, drawingTitle, note, serialRange, fits, analogs }: PartDescriptionProps) {
  return (
    <div className={styles.part}>
      <span className={styles.code}>{code}</span>
      <span className={styles.name}>{name}</span>
      <span className={styles.meta}>
        {maker}
        {drawingTitle !== null ? <> · {drawingTitle}</> : null}
      </span>
      {note ? <span className={styles.note}>{note}</span> : null}
      {serialRange ? <span className={styles.serial}>Серийные номера {serialRange}</span> : null}
      {!fits ? <strong className={styles.notFit}>{PARTS_LINE_TEXTS.notForSerial}</strong> : null}
      {analogs > 0 ? <Analogs code={code} count={analogs} /> : null}
    </div>
  );
}

type Elsewhere = PartRowView['elsewhere'];

/** A signed-in visitor's price and stock of a part: the same for everyone at the branch, so shared (ADR 048). */
export function SignedPartStock({ offer, inStock, tone, elsewhere }: { offer: BranchOffer | null; inStock: boolean; tone: StockTone; elsewhere: Elsewhere }) {
  return (
    <>
      <SignedPriceBlock offer={offer} inStock={inStock} />
      <StockElsewhere tone={tone} elsewhere={elsewhere} />
    </>
  );
}

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
