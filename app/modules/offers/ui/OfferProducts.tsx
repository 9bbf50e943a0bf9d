import { Link } from 'react-router';
import { DEFAULT_COMMISSIONING } from '../offer-changes.rules.ts';
import { productTotal } from '../offers.rules.ts';
import type { OfferContent } from '../offers.schema.ts';
import type { OfferEditing } from './OfferPage.tsx';
import styles from './OfferPage.module.css';

type Product = OfferContent['products'][number];

/** Spec §9: the sale badge shows when the discount exceeds 10 %. */
const SALE_BADGE_PERCENT = 10;

function Stepper({ value, min, label, disabled, onChange, testId }: { value: number; min: number; label: string; disabled: boolean; onChange: (next: number) => void; testId?: string }) {
  return (
    <span className={styles.stepper} role="group" aria-label={label} data-testid={testId}>
      <button type="button" aria-label={`Уменьшить: ${label}`} disabled={disabled || value <= min} onClick={() => onChange(value - 1)}>−</button>
      <output aria-live="polite">{value}</output>
      <button type="button" aria-label={`Увеличить: ${label}`} disabled={disabled} onClick={() => onChange(value + 1)}>+</button>
    </span>
  );
}

function Price({ product, money }: { product: Product; money: (minor: number) => string }) {
  const { price, default_price: base, discount } = product.prices;
  return (
    <span className={styles.price}>
      {money(price)}
      {base > price ? <s className={styles.muted}>{money(base)}</s> : null}
      {discount > SALE_BADGE_PERCENT ? <span className={styles.sale} data-testid="sale-badge">−{discount.toLocaleString('ru-RU')} %</span> : null}
    </span>
  );
}

/** One machine with its count, delivery terms, options and their rules, commissioning and fast delivery. */
export function ProductBlock({ offer, product, editable, change, money }: OfferEditing & { product: Product }) {
  const original = offer.content.products.find((p) => p.id === product.id)!;
  const hidden = new Set(product.productOptionsConfig.hiddenPriceOptionsIds);
  const fast = offer.diff.products?.[product.id]?.fast_delivery ?? false;
  const commissioning = product.prices.commissioning_total > 0;
  return (
    <section className={styles.section} aria-labelledby={`product-${product.id}`} data-testid="offer-product">
      <div className={styles.productHead}>
        <div>
          <h2 id={`product-${product.id}`} className={styles.sectionTitle}>{product.name}</h2>
          {product.code ? <p className={styles.muted}>Код: {product.code}</p> : null}
        </div>
        <Price product={product} money={money} />
      </div>
      <div className={styles.row}>
        <span>Количество</span>
        <Stepper value={product.prices.count} min={1} label={`количество «${product.name}»`} disabled={!editable} testId="product-count"
          onChange={(value) => change({ type: 'count', data: { productId: product.id, value } })} />
      </div>
      {product.counts.length ? (
        <div className={styles.terms}>
          <p className={styles.muted}>Наличие по срокам поставки</p>
          <ul>{product.counts.map((c) => <li key={c.term}>{c.term}: {c.count} шт.</li>)}</ul>
          <label className={styles.check}>
            <input type="checkbox" checked={fast} disabled={!editable} onChange={(e) => change({ type: 'fast-delivery', data: { productId: product.id, value: e.currentTarget.checked } })} />
            <span>Нужна быстрая поставка</span>
          </label>
        </div>
      ) : null}
      {product.options.length ? (
        <div>
          <h3 className={styles.subTitle}>Опции</h3>
          <ul className={styles.options}>
            {product.options.map((o) => {
              const was = original.options.find((x) => x.id === o.id)?.count ?? 0;
              return (
                <li key={o.id} className={styles.option} data-testid="offer-option">
                  <span className={styles.optionName}>
                    {o.name}
                    {o.requires.length ? <span className={styles.muted}> · нужна: {o.requires.map((id) => product.options.find((x) => x.id === id)?.name ?? id).join(', ')}</span> : null}
                    {o.excludes.length ? <span className={styles.muted}> · не вместе с: {o.excludes.map((id) => product.options.find((x) => x.id === id)?.name ?? id).join(', ')}</span> : null}
                  </span>
                  <span className={styles.optionPrice}>{o.isIncluded ? 'входит в цену' : hidden.has(o.id) ? 'цена по запросу' : money(o.price)}</span>
                  {o.isIncluded ? <span className={styles.muted}>✓</span> : (
                    <Stepper value={o.count} min={0} label={`опция «${o.name}»`} disabled={!editable}
                      onChange={(next) => change({ type: 'product-options', data: { key: ['productsOptions', product.id, o.id], payload: { countDiff: next - o.count } } })} />
                  )}
                  {o.count !== was ? <span className={styles.changed}>было {was}</span> : null}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      {product.kind === 'machine' ? (
        <label className={styles.check}>
          <input type="checkbox" checked={commissioning} disabled={!editable} data-testid="offer-commissioning"
            onChange={(e) => change({ type: 'commissioning', data: { productId: product.id, value: e.currentTarget.checked } })} />
          <span>Пусконаладочные работы — {money(original.prices.commissioning_total || DEFAULT_COMMISSIONING)}</span>
        </label>
      ) : null}
      <p className={styles.subtotal}>Сумма по позиции: <b>{money(productTotal(product))}</b></p>
    </section>
  );
}

/** Multi-technique: the machines, each with its count and sum, linking to its own page with its options. */
export function MachineList({ offer, effective, editable, change, money }: OfferEditing) {
  return (
    <section className={styles.section} aria-labelledby="offer-machines">
      <h2 id="offer-machines" className={styles.sectionTitle}>Техника в предложении</h2>
      <ul className={styles.machines}>
        {effective.products.map((p) => (
          <li key={p.id} className={styles.machine} data-testid="offer-machine">
            <div>
              <Link to={`/offer/${offer.hash}/${encodeURIComponent(p.id)}`} className={styles.machineName}>{p.name}</Link>
              <p className={styles.muted}>{p.options.filter((o) => o.count > 0 && !o.isIncluded).length ? `Опций выбрано: ${p.options.filter((o) => o.count > 0 && !o.isIncluded).length}` : 'Без дополнительных опций'}</p>
            </div>
            <Price product={p} money={money} />
            <Stepper value={p.prices.count} min={1} label={`количество «${p.name}»`} disabled={!editable} onChange={(value) => change({ type: 'count', data: { productId: p.id, value } })} />
            <b className={styles.lineSum}>{money(productTotal(p))}</b>
          </li>
        ))}
      </ul>
    </section>
  );
}

function LinesTable({ caption, rows, editing, works }: { caption: string; rows: Product[]; editing: OfferEditing; works: boolean }) {
  const { editable, change, money } = editing;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.lines}>
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Наименование</th>
            {works ? <th scope="col">Часы × ставка</th> : <th scope="col">Количество</th>}
            <th scope="col">Цена</th>
            <th scope="col">Сумма</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.id} data-testid="offer-line">
              <td>{p.name}{p.code ? <div className={styles.muted}>{p.code}</div> : null}</td>
              <td>
                {works
                  ? `${(p.hours ?? 0).toLocaleString('ru-RU')} ч × ${money(p.rate ?? 0)}`
                  : <Stepper value={p.prices.count} min={1} label={`количество «${p.name}»`} disabled={!editable} onChange={(value) => change({ type: 'count', data: { productId: p.id, value } })} />}
              </td>
              <td>{money(p.prices.price)}</td>
              <td>{money(productTotal(p))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Spare parts: a table of parts whose counts the client can change. */
export function PartsTable(editing: OfferEditing) {
  return <section className={styles.section}><LinesTable caption="Запчасти" rows={editing.effective.products} editing={editing} works={false} /></section>;
}

/** An engineer's offer: works with hours and rates, then the parts they need. */
export function WorksTable(editing: OfferEditing) {
  const works = editing.effective.products.filter((p) => p.kind === 'work');
  const parts = editing.effective.products.filter((p) => p.kind !== 'work');
  return (
    <section className={styles.section}>
      {works.length ? <LinesTable caption="Работы инженера" rows={works} editing={editing} works /> : null}
      {parts.length ? <LinesTable caption="Запчасти и материалы" rows={parts} editing={editing} works={false} /> : null}
    </section>
  );
}
