import { useEffect, useRef, type ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { Link } from '#app/components/ui/Link.tsx';
import { formatMoney } from '#app/lib/money.ts';
import { plural } from '#app/lib/plural.ts';
import { CartButton } from '../../ui/cart-button-slot.tsx';
import { PartBookmarkButton } from '#app/modules/catalog/marks/ui/PartBookmarkButton.tsx';
import { staffWeight, staffRelationLabel } from '../staff-search.rules.ts';
import type { StaffBranchColumn, StaffHit, StaffSearchResult } from '../staff-search.schema.ts';
import styles from './SparePartSearch.module.css';
import { partLink } from '../../pages/part-link.rules.ts';

export interface SparePartSearchProps {
  result: StaffSearchResult;
  /** The query as typed (also when it was refused). */
  query: string;
  /** Why the query was refused, in Russian. */
  error: string | null;
  /**
   * The supplier positions of a part (the suppliers' issue): the 'Поставщики' column renders what
   * this gives; without it the column says there are none yet.
   */
  renderSupplierPositions?: (hit: StaffHit) => ReactNode;
}

/**
 * '/search/sparepart/' for employees (issue 9 point 7): one field for a number in any notation or
 * the beginning of a name, and a dense table of what was found with price and stock at every
 * branch (the same branch order in every row, the employee's own first). '/' puts the cursor in
 * the field from anywhere on the page; the form works before the scripts load.
 */
export function SparePartSearch({ result, query, error, renderSupplierPositions }: SparePartSearchProps) {
  const input = useRef<HTMLInputElement>(null);
  const navigation = useNavigation();
  const loading = navigation.state !== 'idle' && navigation.location?.pathname.startsWith('/search/sparepart');
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey) return;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      e.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  const { hits, branches } = result;
  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.title}>Поиск запчастей</h1>
      <p className={styles.lead}>Все запчасти и аналоги с наличием и ценами во всех филиалах. Для сотрудников компании.</p>
      <Form method="get" role="search" className={styles.form} aria-label="Поиск запчастей">
        <label htmlFor="sparepart-q" className={styles.label}>Номер детали или начало названия</label>
        <div className={styles.row}>
          <input
            ref={input} id="sparepart-q" name="q" type="search" defaultValue={query} maxLength={200} autoComplete="off" spellCheck={false}
            autoFocus={!query} className={styles.input} aria-invalid={error ? true : undefined} aria-describedby="sparepart-hint sparepart-error"
            placeholder="Например, RE504836, АВ-123.45 или фильтр масляный"
          />
          <button type="submit" className="btn btn-brand">Найти</button>
        </div>
        <p id="sparepart-hint" className={styles.hint}>Номер — в любом написании: с дефисами, точками и пробелами, русскими буквами или в другой раскладке. Клавиша <kbd>/</kbd> — к полю поиска.</p>
        <p id="sparepart-error" className={styles.error} role="alert">{error ?? ''}</p>
      </Form>

      <div aria-busy={loading || undefined} className={loading ? styles.loading : undefined}>
        {query && !error ? (
          <p className={styles.summary} role="status">
            {hits.length ? `Найдено ${hits.length} ${plural(hits.length, 'запчасть', 'запчасти', 'запчастей')} по запросу «${query}»` : `По запросу «${query}» ничего не найдено. Проверьте номер или введите начало названия.`}
          </p>
        ) : null}
        {hits.length ? <Results hits={hits} branches={branches} currentBranchId={result.currentBranchId} renderSupplierPositions={renderSupplierPositions} /> : null}
      </div>
    </div>
  );
}

function Results({ hits, branches, currentBranchId, renderSupplierPositions }: { hits: StaffHit[]; branches: StaffBranchColumn[]; currentBranchId: number | null; renderSupplierPositions?: (hit: StaffHit) => ReactNode }) {
  return (
    <>
      <p className={styles.legend}>
        <span className={styles.branch} data-tone="in">в наличии</span>
        <span className={styles.branch} data-tone="out">0 шт. — продаёт, нет на складе</span>
        <span className={styles.branch} data-tone="none">— не продаёт (под заказ)</span>
        <span className={styles.branch} data-own="">ваш филиал</span>
      </p>
      <div className={styles.scroll} role="region" aria-label="Результаты поиска" tabIndex={0}>
        <table className={styles.table} data-testid="sparepart-results">
          <caption className="visually-hidden">Найденные запчасти: номер, название, производитель, код 1С, вес, наличие и цены по филиалам</caption>
          <thead>
            <tr>
              <th scope="col">Номер</th>
              <th scope="col">Наименование</th>
              <th scope="col">Производитель</th>
              <th scope="col">Найдено как</th>
              <th scope="col">Код 1С</th>
              <th scope="col" className={styles.num}>Вес</th>
              <th scope="col" className={styles.num}>Всего, шт.</th>
              <th scope="col">Поставщики</th>
              <th scope="col">Заказ</th>
            </tr>
          </thead>
          {hits.map((hit) => (
            <tbody key={hit.id} className={styles.hit} data-testid="sparepart-hit" data-code={hit.code}>
              <tr>
                <th scope="row" className={styles.code}><Link to={partLink({ id: hit.id, code: hit.code })}>{hit.code}</Link></th>
                <td>{hit.name}</td>
                <td>{hit.manufacturer}{hit.manufacturerKind === 'aftermarket' ? <span className={styles.muted}> · неоригинал</span> : null}</td>
                <td><span className={styles.relation} data-relation={hit.relation}>{staffRelationLabel(hit.relation, hit.distance)}</span></td>
                <td className={styles.mono}>{hit.oneCCode ?? '—'}</td>
                <td className={styles.num}>{staffWeight(hit.weightGrams)}</td>
                <td className={styles.num}><strong>{hit.totalQuantity.toLocaleString('ru-RU')}</strong></td>
                <td className={styles.muted} data-slot="supplier-positions">{renderSupplierPositions?.(hit) ?? 'нет данных'}</td>
                <td>
                  <div className={styles.actions}>
                    <CartButton partId={hit.id} label={`${hit.code} ${hit.name}`} compact />
                    <PartBookmarkButton partId={hit.id} variant="icon" />
                  </div>
                </td>
              </tr>
              <tr className={styles.stockRow}>
                <td colSpan={9}>
                  <BranchStock hit={hit} branches={branches} currentBranchId={currentBranchId} />
                </td>
              </tr>
            </tbody>
          ))}
        </table>
      </div>
    </>
  );
}

/** Every branch in the same order in every row, so the eye finds a branch at the same place. */
function BranchStock({ hit, branches, currentBranchId }: { hit: StaffHit; branches: StaffBranchColumn[]; currentBranchId: number | null }) {
  const byBranch = new Map(hit.branches.map((b) => [b.branchId, b]));
  return (
    <ul className={styles.branches} aria-label={`Наличие и цены ${hit.code} по филиалам`}>
      {branches.map((branch) => {
        const stock = byBranch.get(branch.id);
        const own = branch.id === currentBranchId;
        const tone = !stock ? 'none' : stock.quantity > 0 ? 'in' : 'out';
        return (
          <li key={branch.id} className={styles.branch} data-tone={tone} data-own={own || undefined} title={branch.name}>
            <span className={styles.branchName}>{branch.name}{own ? <span className="visually-hidden"> (ваш филиал)</span> : null}</span>
            {stock ? (
              <>
                <span className={styles.qty}>{stock.quantity.toLocaleString('ru-RU')}&nbsp;шт.</span>
                <span className={styles.price}>{stock.price === null ? 'по запросу' : formatMoney(stock.price, stock.currency)}</span>
              </>
            ) : <span className={styles.qty}>—<span className="visually-hidden"> не продаётся</span></span>}
          </li>
        );
      })}
    </ul>
  );
}
