import type { KeyboardEvent, ReactNode } from 'react';
import { Link, type LinkProps } from '#app/components/ui/Link.tsx';
import { rowStep } from './data-table.rules.ts';
import { ariaSort, nextSort, readSort, sortHref, type SortDirection } from './sort.rules.ts';
import kit from './kit.module.css';
import styles from './DataTable.module.css';

/*
 * The back-office's lists (ADR 079): columns declared once — the header, how a row's cell is drawn,
 * and the sort key its header links to. The list's state (filters, order, page) is its address, so
 * the header's sort is a link that works before hydration and in a new tab; the server sorts, in
 * SQL, by the keys it accepts. Keyboard: each row's main link (`RowLink`) is on the Tab path, and
 * ArrowUp/ArrowDown (Home/End) move between the rows' links; Enter opens. Below 768 px each row is a
 * card whose cells carry their header as a label (`data-label`), and the headers' sort links move
 * into a bar above the cards.
 */

export interface Column<R> {
  /** React's key and the cell's identity. */
  id: string;
  header: string;
  cell: (row: R) => ReactNode;
  /** The list's sort key this column's header sorts by; none: the header is plain text. */
  sort?: string;
  /** The direction a first click sorts in (default: descending, newest and largest first). */
  firstDirection?: SortDirection;
  nowrap?: boolean;
  /** The card's title on a phone: shown without its label. */
  primary?: boolean;
}

export interface TableSort {
  /** The list's path and its other filters (the page is dropped on a new order). */
  path: string;
  query: URLSearchParams;
  /** The order the rows are in (`key` or `-key`), and the list's default. */
  value: string;
  fallback: string;
}

export interface DataTableProps<R> {
  /** What the table lists (its caption, read by screen readers). */
  caption: string;
  columns: ReadonlyArray<Column<R>>;
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  /** What shows instead of the table when there are no rows (no rows at all, or none for the filters). */
  empty: ReactNode;
  sort?: TableSort;
  /** `data-testid` of each row. */
  rowTestId?: string;
}

/** A row's main link: the one Tab reaches and the arrow keys move between. */
export function RowLink(props: LinkProps) {
  return <Link {...props} data-row-link="" />;
}

const ARROWS = { asc: '↑', desc: '↓' } as const;
const SPOKEN = { asc: 'по возрастанию', desc: 'по убыванию' } as const;

/** Arrow keys on a row's main link move focus to another row's; any other key, or a key from a field in a row, is left alone. */
function onRowsKeyDown(event: KeyboardEvent<HTMLTableSectionElement>) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const from = event.target as HTMLElement;
  if (!from.hasAttribute('data-row-link')) return;
  const links = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[data-row-link]'));
  const to = rowStep(event.key, links.indexOf(from), links.length);
  if (to === null) return;
  event.preventDefault();
  links[to]!.focus();
}

export function DataTable<R>({ caption, columns, rows, rowKey, empty, sort, rowTestId }: DataTableProps<R>) {
  const sortable = sort ? columns.filter((c) => c.sort) : [];
  const current = sort ? readSort(sort.value) : null;
  const href = (c: Column<R>) => sortHref(sort!.path, sort!.query, nextSort(sort!.value, c.sort!, c.firstDirection ?? 'desc'), sort!.fallback);
  return (
    <>
      {sortable.length > 0 && rows.length > 1 ? (
        <p className={styles.sortBar}>
          <span className={kit.muted}>Сортировка:</span>
          {sortable.map((c) => {
            const on = current?.key === c.sort;
            return (
              <Link key={c.id} to={href(c)} className={on ? styles.sortOn : undefined} aria-current={on ? 'true' : undefined}>
                {c.header}
                {on ? <><span aria-hidden="true"> {ARROWS[current!.direction]}</span><span className="visually-hidden">, {SPOKEN[current!.direction]}</span></> : null}
              </Link>
            );
          })}
        </p>
      ) : null}
      <div className={`${kit.tableWrap} ${styles.wrap}`}>
        {rows.length === 0 ? <div className={kit.empty}>{empty}</div> : (
          <table className={`${kit.table} ${styles.table}`}>
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                {columns.map((c) => {
                  const sorted = sort && c.sort ? ariaSort(sort.value, c.sort) : undefined;
                  return (
                    <th key={c.id} scope="col" aria-sort={sorted}>
                      {sort && c.sort ? (
                        <Link to={href(c)} className={styles.sortLink}>
                          {c.header}
                          <span aria-hidden="true" className={sorted ? undefined : styles.idle}>{sorted ? ARROWS[current!.direction] : '↕'}</span>
                        </Link>
                      ) : c.header}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody onKeyDown={onRowsKeyDown}>
              {rows.map((row) => (
                <tr key={rowKey(row)} data-testid={rowTestId}>
                  {columns.map((c) => (
                    <td key={c.id} data-label={c.header} data-primary={c.primary ? '' : undefined} className={c.nowrap ? kit.nowrap : undefined}>
                      <div className={styles.value}>{c.cell(row)}</div>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </>
  );
}
