import { describe, expect, it } from 'vitest';
import type { BranchOffer } from '../catalog.schema.ts';
import { PRICE_LOGIN_PROMPT, PRICE_LOGIN_TOOLTIP, priceView, stockLine } from './price-block.rules.ts';

const offer = (o: Partial<BranchOffer> = {}): BranchOffer => ({
  branchId: 1, currency: 'RUB', price: 1_250_000_00, oldPrice: null, superPrice: false, quantity: 2, expectedDate: null, ...o,
});

describe('priceView', () => {
  it('formats the price in the branch currency with the §9 label', () => {
    expect(priceView(offer()).price).toBe('1\u00a0250\u00a0000\u00a0руб.');
    expect(priceView(offer({ currency: 'KZT', price: 4_990_50 })).price).toBe('4\u00a0990,50\u00a0₸');
  });

  it('no price: «Цена по запросу» (null)', () => {
    expect(priceView(offer({ price: null })).price).toBeNull();
    expect(priceView(null).price).toBeNull();
  });

  it('the sale badge shows only above 10 % (spec §9); the old price whenever it is higher', () => {
    const ten = priceView(offer({ price: 90_00, oldPrice: 100_00 }));
    expect(ten.saleBadge).toBeNull();
    expect(ten.oldPrice).toBe('100\u00a0руб.');
    const fifteen = priceView(offer({ price: 85_00, oldPrice: 100_00 }));
    expect(fifteen.saleBadge).toBe('−15\u00a0%');
    expect(priceView(offer({ price: 100_00, oldPrice: 90_00 })).oldPrice).toBeNull();
  });

  it('carries «Суперцена»', () => {
    expect(priceView(offer({ superPrice: true })).superPrice).toBe(true);
  });
});

describe('stockLine', () => {
  it('in stock with the quantity', () => {
    expect(stockLine(offer({ quantity: 3 }), true)).toEqual({ text: 'В наличии: 3 шт.', tone: 'in' });
  });
  it('expected on a date', () => {
    expect(stockLine(offer({ quantity: 0, expectedDate: '2026-12-15' }), false)).toEqual({ text: 'Ожидается 15 декабря 2026 г.', tone: 'expected' });
  });
  it('out of stock', () => {
    expect(stockLine(offer({ quantity: 0 }), false)).toEqual({ text: 'Нет в наличии', tone: 'out' });
  });
  it('guests: availability without the quantity', () => {
    expect(stockLine(null, true).text).toBe('В наличии');
    expect(stockLine(null, false).text).toBe('Нет в наличии');
  });
});

describe('the sign-in prompt (spec §9)', () => {
  it('says what signing in gives', () => {
    expect(PRICE_LOGIN_PROMPT).toBe('Войдите, чтобы увидеть цену');
    expect(PRICE_LOGIN_TOOLTIP).toBe('После входа вы увидите цены и акции в вашем регионе, подборку товаров по вашим интересам и каталоги запчастей с чертежами.');
  });
});
