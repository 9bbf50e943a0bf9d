import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DataTable, RowLink, type Column } from './DataTable.tsx';

// No DOM package is installed: the markup is checked here, the keys and the layouts in the journey
// (tests/e2e/backoffice-kit.spec.ts).
interface Row { id: number; name: string; total: number }
const ROWS: Row[] = [{ id: 1, name: 'Пётр', total: 300 }, { id: 2, name: 'Анна', total: 100 }];
const COLUMNS: Column<Row>[] = [
  { id: 'id', header: 'Заказ', sort: 'created', primary: true, cell: (r) => <RowLink to={`/admin/orders/${r.id}`}>№ {r.id}</RowLink> },
  { id: 'name', header: 'Покупатель', cell: (r) => r.name },
  { id: 'total', header: 'Сумма', sort: 'total', cell: (r) => `${r.total} ₽` },
];
const sort = (value: string) => ({ path: '/admin/orders', query: new URLSearchParams({ status: 'new' }), value, fallback: '-created' });
const html = (props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) => renderToString(
  <DataTable caption="Заказы" columns={COLUMNS} rows={ROWS} rowKey={(r) => r.id} empty="Заказов пока нет." rowTestId="order-row" {...props} />,
);
const headerOf = (markup: string, label: string) => new RegExp(`<th[^>]*>(?:(?!</th>).)*${label}(?:(?!</th>).)*</th>`).exec(markup)?.[0] ?? '';

describe('DataTable', () => {
  it('links each sortable header to the list sorted by it, keeping the filters; plain text for the others', () => {
    const markup = html({ sort: sort('-created') });
    expect(headerOf(markup, 'Заказ')).toContain('href="/admin/orders?status=new&amp;sort=created"');
    expect(headerOf(markup, 'Сумма')).toContain('href="/admin/orders?status=new&amp;sort=-total"');
    expect(headerOf(markup, 'Покупатель')).not.toContain('href');
  });

  it('says the order with aria-sort on the sorted column only', () => {
    const byTotal = html({ sort: sort('total') });
    expect(headerOf(byTotal, 'Сумма')).toContain('aria-sort="ascending"');
    expect(headerOf(byTotal, 'Сумма')).toContain('href="/admin/orders?status=new&amp;sort=-total"');
    expect(headerOf(byTotal, 'Заказ')).not.toContain('aria-sort');
    expect(headerOf(byTotal, 'Заказ')).toContain('href="/admin/orders?status=new"');
    expect(headerOf(html({ sort: sort('-created') }), 'Заказ')).toContain('aria-sort="descending"');
    // Back to the default order: the address loses its sort.
    expect(headerOf(html({ sort: sort('created') }), 'Заказ')).toContain('href="/admin/orders?status=new"');
    expect(headerOf(html({ sort: sort('created') }), 'Заказ')).toContain('aria-sort="ascending"');
  });

  it('labels each cell with its header for the cards of a phone, the main cell as the card\'s title', () => {
    const markup = html();
    expect(markup.match(/data-label="Покупатель"/g)).toHaveLength(2);
    expect(markup.match(/data-label="Сумма"/g)).toHaveLength(2);
    expect(markup).toMatch(/<td data-label="Заказ" data-primary="">/);
    expect(markup).toContain('<caption class="visually-hidden">Заказы</caption>');
    expect(markup.match(/data-testid="order-row"/g)).toHaveLength(2);
  });

  it('marks each row\'s main link for the arrow keys; it stays on the Tab path', () => {
    const markup = html();
    expect(markup.match(/<a data-row-link="" href="\/admin\/orders\/\d"/g)).toHaveLength(2);
    expect(markup).not.toContain('tabindex="-1"');
  });

  it('offers the sort links as a bar for the phone\'s cards, the current order spoken', () => {
    const markup = html({ sort: sort('-total') });
    expect(markup).toMatch(/Сортировка:.*<a[^>]*aria-current="true"[^>]*href="\/admin\/orders\?status=new&amp;sort=total"[^>]*>Сумма.*по убыванию/);
    expect(html()).not.toContain('Сортировка:');
  });

  it('shows its empty message instead of a table', () => {
    const markup = html({ rows: [], empty: 'Заказов по этим условиям нет.', sort: sort('-created') });
    expect(markup).toContain('Заказов по этим условиям нет.');
    expect(markup).not.toContain('<table');
    expect(markup).not.toContain('Сортировка:');
  });
});
