import { describe, expect, it } from 'vitest';
import { columnIndex, columnLetter, currencyOfHeader, fieldOfHeader, mapColumns, templateOf } from './columns.rules.ts';
import { columnTemplate, type RawRow } from './pricelist.schema.ts';

const rows = (...lines: string[][]): RawRow[] => lines.map((cells, i) => ({ line: i + 1, cells }));

describe('header names', () => {
  it.each([
    ['Артикул', 'code'], ['Код', 'code'], ['Каталожный номер', 'code'], ['Part Number', 'code'], ['Производитель', 'brand'],
    ['Бренд', 'brand'], ['Наименование', 'name'], ['Цена, руб.', 'price'], ['Цена с НДС', 'price'], ['Остаток', 'stock'],
    ['Наличие на складе', 'stock'], ['Кол-во', 'stock'], ['Кратность', 'multiplicity'], ['Мин. заказ', 'minOrder'],
    ['Минимальная партия', 'minOrder'], ['Мин. кол-во', 'minOrder'], ['Валюта', 'currency'], ['Срок поставки, дн.', 'leadTime'], ['Qty', 'stock'],
  ])('"%s" names %s', (header, field) => expect(fieldOfHeader(header)?.field).toBe(field));

  it('a price header may name the currency', () => {
    expect(currencyOfHeader('Цена, руб.')).toBe('RUB');
    expect(currencyOfHeader('Price (EUR)')).toBe('EUR');
    expect(currencyOfHeader('Цена $')).toBe('USD');
    expect(currencyOfHeader('Цена, тенге')).toBe('KZT');
    expect(currencyOfHeader('Цена с НДС')).toBeUndefined();
    expect(mapColumns(rows(['Код', 'Цена, USD']))).toMatchObject({ ok: true, mapping: { currency: 'USD' } });
  });

  it('row numbers are no codes', () => {
    expect(fieldOfHeader('№ п/п')).toBeNull();
    expect(fieldOfHeader('№')).toBeNull();
    expect(fieldOfHeader('Номер п/п')).toBeNull();
  });

  it('letters and indexes go both ways', () => {
    expect(columnIndex('A')).toBe(0);
    expect(columnIndex('AB')).toBe(27);
    expect(columnLetter(27)).toBe('AB');
    expect(columnLetter(0)).toBe('A');
  });
});

describe('finding the header', () => {
  const sheet = rows(
    ['ООО «Запчасть-Агро»'], ['Прайс-лист на 01.12.2026'], [],
    ['№', 'Артикул', 'Производитель', 'Наименование', 'Цена, руб.', 'Наличие'],
    ['1', '12-345', 'Ростсельмаш', 'Фильтр', '1 234,50', '>10'],
  );

  it('is the first row of the top ones naming a code and a price', () => {
    const result = mapColumns(sheet);
    expect(result).toMatchObject({ ok: true, mapping: { headerLine: 4, columns: { code: 1, brand: 2, name: 3, price: 4, stock: 5 } } });
  });

  it('is missing when no row names them, or says which are missing', () => {
    expect(mapColumns(rows(['a', 'b'], ['1', '2']))).toMatchObject({ ok: false, code: 'no_header' });
    const result = mapColumns(rows(['Артикул', 'Наименование', 'Остаток']));
    expect(result).toMatchObject({ ok: false, code: 'mapping', missing: ['price'] });
    expect(!result.ok && result.message).toContain('Цена');
  });

  it('takes the exactly named column over a longer one, and names two equal ones as doubly mapped', () => {
    expect(mapColumns(rows(['Код', 'Цена', 'Цена со скидкой']))).toMatchObject({ ok: true, mapping: { columns: { price: 1 } } });
    const result = mapColumns(rows(['Код', 'Цена', 'Цена']));
    expect(result).toMatchObject({ ok: false, code: 'mapping', doubled: [{ field: 'price', columns: [1, 2] }] });
    expect(!result.ok && result.message).toContain('B, C');
  });
});

describe('a saved template', () => {
  const sheet = rows(['Прайс'], ['Арт.', 'Фирма', 'Описание', 'Стоим.'], ['A-1', 'MANN', 'Фильтр', '100']);

  it('maps by letters, indexes and header texts', () => {
    expect(mapColumns(sheet, { headerRow: 2, columns: { code: 'A', brand: 1, price: 'Стоим.' } }))
      .toMatchObject({ ok: true, mapping: { headerLine: 2, columns: { code: 0, brand: 1, price: 3 } } });
    expect(mapColumns(sheet, { columns: { code: 'Арт.', price: 'Стоим.' } })).toMatchObject({ ok: true, mapping: { headerLine: 2 } });
  });

  it('reads a file without a header by position', () => {
    expect(mapColumns(rows(['A-1', '100']), { headerRow: 0, columns: { code: 0, price: 1 } })).toMatchObject({ ok: true, mapping: { headerLine: null } });
  });

  it('says the layout changed when its headers are not there any more', () => {
    const moved = rows(['Прайс'], ['Арт.', 'Фирма', 'Цена']);
    expect(mapColumns(moved, { columns: { code: 'Арт.', price: 'Стоим.' } })).toMatchObject({ ok: false, code: 'layout_changed', notFound: ['Стоим.'] });
    expect(mapColumns(moved, { headerRow: 2, columns: { code: 'A', price: 'D' }, headers: { code: 'Арт.', price: 'Стоим.' } }))
      .toMatchObject({ ok: false, code: 'layout_changed' });
  });

  it('names missing and doubly mapped columns', () => {
    expect(mapColumns(sheet, { headerRow: 2, columns: { code: 'A' } })).toMatchObject({ ok: false, code: 'mapping', missing: ['price'] });
    const doubled = mapColumns(sheet, { headerRow: 2, columns: { code: 'A', price: 'D', stock: 3 } });
    expect(doubled).toMatchObject({ ok: false, code: 'mapping', doubled: [{ column: 3, fields: ['price', 'stock'] }] });
    expect(!doubled.ok && doubled.message).toContain('колонка D');
  });

  it('is saved from a mapping by header texts and maps the same file again', () => {
    const first = mapColumns(rows(['x'], ['Артикул', 'Бренд', 'Цена']));
    if (!first.ok) throw new Error(first.message);
    const template = templateOf(first.mapping, 'Лист1');
    expect(template).toEqual({ sheet: 'Лист1', columns: { code: 'Артикул', brand: 'Бренд', price: 'Цена' }, headers: { code: 'Артикул', brand: 'Бренд', price: 'Цена' }, kind: 'full' });
    expect(mapColumns(rows(['y'], ['Цена', 'Артикул', 'Бренд']), template)).toMatchObject({ ok: true, mapping: { columns: { code: 1, brand: 2, price: 0 } } });
  });
});

describe('the template as sent', () => {
  it('is checked by its schema', () => {
    expect(columnTemplate.safeParse({ columns: { code: 'A', price: 3 }, kind: 'delta', currency: 'USD' }).success).toBe(true);
    expect(columnTemplate.safeParse({ headerRow: 31, columns: { code: 'A' } }).success).toBe(false);
    expect(columnTemplate.safeParse({ columns: { code: -1 } }).success).toBe(false);
    expect(columnTemplate.safeParse({ columns: {}, kind: 'partial' }).success).toBe(false);
  });
});
