import { describe, expect, it } from 'vitest';
import { formatSpecValue } from '../catalog.rules.ts';
import { toggled } from './mark-set.rules.ts';
import { compareLink, compareNotices, parseCompareCodes, rowDiffers, visibleRows } from './marks.rules.ts';

describe('parseCompareCodes', () => {
  it('reads comma-separated codes, dropping blanks and repeats (any case), keeping the order', () => {
    expect(parseCompareCodes('K735P, T150K,,k735p,T150K')).toEqual({ codes: ['K735P', 'T150K'], tooMany: false, malformed: [] });
    expect(parseCompareCodes(undefined)).toEqual({ codes: [], tooMany: false, malformed: [] });
    expect(parseCompareCodes('')).toEqual({ codes: [], tooMany: false, malformed: [] });
  });

  it('sets malformed codes apart and stops at 50', () => {
    expect(parseCompareCodes('A1,<b>,a b,B2').malformed).toEqual(['<b>', 'a b']);
    const many = parseCompareCodes(Array.from({ length: 60 }, (_, i) => `C${i}`).join(','));
    expect(many.codes).toHaveLength(50);
    expect(many.codes.at(-1)).toBe('C49');
    expect(many.tooMany).toBe(true);
    expect(parseCompareCodes(Array.from({ length: 50 }, (_, i) => `C${i}`).join(',')).tooMany).toBe(false);
  });

  it('round-trips through compareLink', () => {
    expect(compareLink(['K735P', 'T150K'])).toBe('/compare/K735P,T150K');
    expect(compareLink([])).toBe('/compare');
    expect(parseCompareCodes(compareLink(['A.1', 'B_2']).slice('/compare/'.length)).codes).toEqual(['A.1', 'B_2']);
  });
});

describe('Только различия', () => {
  const rows = [
    { name: 'Мощность', values: ['100 л.с.', '110 л.с.'] },
    { name: 'Кабина', values: ['Двухместная', 'Двухместная'] },
    { name: 'Ширина', values: ['3 м', null] },
    { name: 'Нет у обеих', values: [null, null] },
  ];

  it('hides rows where every model has the same value (a missing value differs from a present one)', () => {
    expect(rows.map(rowDiffers)).toEqual([true, false, true, false]);
    expect(visibleRows(rows, true).map((r) => r.name)).toEqual(['Мощность', 'Ширина']);
    expect(visibleRows(rows, false)).toHaveLength(4);
  });

  it('finds no differences in a single column', () => {
    expect(rowDiffers({ values: ['100 л.с.'] })).toBe(false);
  });
});

describe('formatSpecValue', () => {
  it('writes numbers the Russian way with the unit after a no-break space', () => {
    expect(formatSpecValue(2.5, null, 'м')).toBe('2,5\u00a0м');
    expect(formatSpecValue(12500, null, 'кг')).toBe('12\u00a0500\u00a0кг');
    expect(formatSpecValue(420, null, null)).toBe('420');
    expect(formatSpecValue(null, 'Да', null)).toBe('Да');
    expect(formatSpecValue(null, null, 'м')).toBe('—');
  });
});

describe('compareNotices and toggled', () => {
  it('names unknown codes and the cut', () => {
    expect(compareNotices(['X1'], false)).toEqual(['Товар с кодом X1 не найден — он не показан']);
    expect(compareNotices(['X1', 'X2'], true)).toEqual([
      'Товары с кодами X1, X2 не найдены — они не показаны',
      'В адресе сравнения больше 50 товаров: покажем первые 50',
    ]);
    expect(compareNotices([], false)).toEqual([]);
  });

  it('toggles an id in a list', () => {
    expect(toggled([1, 2], 3, true)).toEqual([1, 2, 3]);
    expect(toggled([1, 2], 2, true)).toEqual([1, 2]);
    expect(toggled([1, 2], 1, false)).toEqual([2]);
  });
});
