import { describe, expect, it } from 'vitest';
import { normaliseRow, parseCurrency, parseDecimal, parseLeadTime, parsePrice, parseQuantity, parseStock } from './normalise.rules.ts';

describe('numbers as suppliers write them', () => {
  it.each([
    ['1 234,50', 1234.5], ['1\u00a0234,50', 1234.5], ['1\u202f234,5', 1234.5], ['1234.5', 1234.5], ['1.234,50', 1234.5],
    ['1,234.50', 1234.5], ['1,234,567', 1234567], ['1.234.567', 1234567], ['12,5', 12.5], ["1'234", 1234], ['−5', -5], ['0', 0],
  ])('%s is %d', (text, value) => expect(parseDecimal(text)).toBe(value));

  it.each(['', 'abc', '12abc', '1,2,3', '--1'])('"%s" is no number', (text) => expect(parseDecimal(text)).toBeNull());
});

describe('prices', () => {
  it('are kopecks, rounded, with a currency written beside them', () => {
    expect(parsePrice('1 234,50')).toEqual({ minor: 123450, negative: false, currency: undefined });
    expect(parsePrice('1234,505 руб.')).toEqual({ minor: 123451, negative: false, currency: 'RUB' });
    expect(parsePrice('$12.5')).toEqual({ minor: 1250, negative: false, currency: 'USD' });
    expect(parsePrice('12 €').currency).toBe('EUR');
  });

  it('are refused when negative, zero, missing or words', () => {
    expect(parsePrice('-10').negative).toBe(true);
    expect(parsePrice('0').negative).toBe(true);
    expect(parsePrice('').minor).toBeNull();
    expect(parsePrice('по запросу').minor).toBeNull();
    expect(parsePrice('12 попугаев').minor).toBeNull();
  });
});

describe('stock', () => {
  it.each([
    ['15', { quantity: 15, kind: 'exact' }], ['15,000', { quantity: 15, kind: 'exact' }], ['>10', { quantity: 10, kind: 'at_least' }],
    ['10+', { quantity: 10, kind: 'at_least' }], ['более 50', { quantity: 50, kind: 'at_least' }], ['5-10', { quantity: 5, kind: 'at_least' }],
    ['<5', { quantity: 1, kind: 'at_least' }], ['много', { quantity: null, kind: 'in_stock' }], ['Есть', { quantity: null, kind: 'in_stock' }],
    ['+', { quantity: null, kind: 'in_stock' }], ['нет', { quantity: 0, kind: 'none' }], ['-', { quantity: 0, kind: 'none' }],
    ['0', { quantity: 0, kind: 'none' }], ['12 шт.', { quantity: 12, kind: 'exact' }],
  ])('"%s"', (text, stock) => expect(parseStock(text)).toEqual(stock));

  it('is unknown for words it does not know and empty for nothing', () => {
    expect(parseStock('уточняйте')).toBeNull();
    expect(parseStock('')).toBeNull();
  });
});

describe('currencies', () => {
  it.each([
    ['RUB', 'RUB'], ['руб.', 'RUB'], ['₽', 'RUB'], ['RUR', 'RUB'], ['рублей', 'RUB'], ['KZT', 'KZT'], ['тенге', 'KZT'], ['₸', 'KZT'],
    ['USD', 'USD'], ['$', 'USD'], ['EUR', 'EUR'], ['€', 'EUR'], ['CNY', 'CNY'], ['юань', 'CNY'], ['¥', 'CNY'],
  ])('%s is %s', (text, code) => expect(parseCurrency(text)).toBe(code));

  it('is unknown for others and absent when empty', () => {
    expect(parseCurrency('у.е.')).toBeNull();
    expect(parseCurrency('GBP')).toBeNull();
    expect(parseCurrency(' ')).toBeUndefined();
  });
});

describe('quantities and lead times', () => {
  it('multiplicity and minimum order are positive whole numbers', () => {
    expect(parseQuantity('10')).toBe(10);
    expect(parseQuantity('10 шт')).toBe(10);
    expect(parseQuantity('1,000')).toBe(1);
    expect(parseQuantity('0')).toBeNull();
    expect(parseQuantity('2,5')).toBeNull();
    expect(parseQuantity('')).toBeUndefined();
  });

  it('lead time is days, the longer end of a range', () => {
    expect(parseLeadTime('3')).toBe(3);
    expect(parseLeadTime('3 дня')).toBe(3);
    expect(parseLeadTime('2-5 дней')).toBe(5);
    expect(parseLeadTime('2 нед.')).toBe(14);
    expect(parseLeadTime('скоро')).toBeNull();
  });
});

describe('a row', () => {
  const columns = { code: 0, brand: 1, name: 2, price: 3, stock: 4, multiplicity: 5, minOrder: 6, currency: 7 };

  it('is trimmed and normalised', () => {
    const { row, codes } = normaliseRow({ line: 7, cells: ['  12-345 ', ' Ростсельмаш ', 'Фильтр\u0000 масляный', '1 234,50', '>10', '2', '4', 'руб.'] }, 'price.csv', columns, { currency: 'RUB' });
    expect(codes).toEqual([]);
    expect(row).toMatchObject({
      line: 7, part: 'price.csv', code: '12-345', brand: 'Ростсельмаш', name: 'Фильтр масляный', price: 123450, currency: 'RUB',
      stock: { quantity: 10, kind: 'at_least' }, multiplicity: 2, minOrder: 4,
    });
  });

  it('keeps the leading zeros Excel kept with an apostrophe or a formula', () => {
    expect(normaliseRow({ line: 1, cells: ["'00123", '5'] }, 'p', { code: 0, price: 1 }, { currency: 'RUB' }).row.code).toBe('00123');
    expect(normaliseRow({ line: 1, cells: ['="00123"', '5'] }, 'p', { code: 0, price: 1 }, { currency: 'RUB' }).row.code).toBe('00123');
  });

  it('gets the codes of what could not be read, and the supplier\'s currency when it names none', () => {
    const { row, codes } = normaliseRow({ line: 8, cells: ['', 'X', '', 'abc', 'уточняйте', '0', '', 'GBP'] }, 'p', columns, { currency: 'KZT' });
    expect(codes).toEqual(['empty_code', 'bad_price', 'unknown_currency', 'bad_stock', 'bad_multiplicity']);
    expect(row.price).toBeNull();
    expect(normaliseRow({ line: 9, cells: ['A', '', '', '5'] }, 'p', { code: 0, price: 3 }, { currency: 'KZT' }).row.currency).toBe('KZT');
    expect(normaliseRow({ line: 9, cells: ['A', '', '', '-5'] }, 'p', { code: 0, price: 3 }, { currency: 'KZT' }).codes).toEqual(['negative_price']);
  });
});
