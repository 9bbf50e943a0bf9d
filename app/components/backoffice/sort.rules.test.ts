import { describe, expect, it } from 'vitest';
import { z } from '#app/lib/zod.ts';
import { rowStep } from './data-table.rules.ts';
import { ariaSort, listQuery, nextSort, readSort, sortField, sortHref, sortValues } from './sort.rules.ts';

describe('a list\'s sort parameter', () => {
  const filter = z.object({ sort: sortField(['created', 'total'], '-created') });

  it('accepts each key both ways', () => {
    expect(sortValues(['created', 'total'])).toEqual(['created', '-created', 'total', '-total']);
    for (const sort of ['created', '-created', 'total', '-total']) expect(filter.parse({ sort }).sort).toBe(sort);
  });

  it('reads anything else as the default: absent, foreign, hostile, not a string', () => {
    for (const sort of [undefined, '', 'name', '--total', 'total ', '-total desc', 'o.total', 'total; drop table orders_order', '\u0000', '-\u0000created',
      'A'.repeat(10_000), '__proto__', 'constructor', ['total'], { key: 'total' }, 1, null]) {
      expect(filter.parse({ sort }).sort, JSON.stringify(sort)?.slice(0, 40)).toBe('-created');
    }
  });

  it('splits into a key and a direction', () => {
    expect(readSort('-created')).toEqual({ key: 'created', direction: 'desc' });
    expect(readSort('total')).toEqual({ key: 'total', direction: 'asc' });
  });

  it('turns a header round when the list is sorted by it, and starts another in its first direction', () => {
    expect(nextSort('-created', 'created', 'desc')).toBe('created');
    expect(nextSort('created', 'created', 'desc')).toBe('-created');
    expect(nextSort('-created', 'total', 'desc')).toBe('-total');
    expect(nextSort('-created', 'name', 'asc')).toBe('name');
  });

  it('says aria-sort only on the column the list is sorted by', () => {
    expect(ariaSort('-created', 'created')).toBe('descending');
    expect(ariaSort('total', 'total')).toBe('ascending');
    expect(ariaSort('total', 'created')).toBeUndefined();
  });

  it('links the sorted list with its other filters, from the first page, without the default order', () => {
    const query = new URLSearchParams({ status: 'new', page: '3', sort: 'total' });
    expect(sortHref('/admin/orders', query, '-total', '-created')).toBe('/admin/orders?status=new&sort=-total');
    expect(sortHref('/admin/orders', query, '-created', '-created')).toBe('/admin/orders?status=new');
    expect(sortHref('/admin/orders', new URLSearchParams(), '-created', '-created')).toBe('/admin/orders');
  });

  it('writes a filter as a query: set values only, no page, no default order', () => {
    expect(listQuery({ q: '', status: 'new', branch: 2, page: 4, sort: '-created', from: undefined }, '-created').toString()).toBe('status=new&branch=2');
    expect(listQuery({ sort: 'total' }, '-created').toString()).toBe('sort=total');
  });
});

describe('the rows\' keyboard', () => {
  it('moves down and up between rows, to the first and the last, and stops at the ends', () => {
    expect(rowStep('ArrowDown', 0, 3)).toBe(1);
    expect(rowStep('ArrowUp', 2, 3)).toBe(1);
    expect(rowStep('Home', 2, 3)).toBe(0);
    expect(rowStep('End', 0, 3)).toBe(2);
    expect(rowStep('ArrowDown', 2, 3)).toBeNull();
    expect(rowStep('ArrowUp', 0, 3)).toBeNull();
    expect(rowStep('Home', 0, 3)).toBeNull();
  });

  it('leaves other keys, and a focus outside the rows\' links, to the browser', () => {
    expect(rowStep('Enter', 0, 3)).toBeNull();
    expect(rowStep('ArrowLeft', 1, 3)).toBeNull();
    expect(rowStep('ArrowDown', -1, 3)).toBeNull();
    expect(rowStep('ArrowDown', 0, 0)).toBeNull();
  });
});
