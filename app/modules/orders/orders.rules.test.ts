import { describe, expect, it } from 'vitest';
import { nextStatuses, parseStaffPrice, statusMoveRefusal } from './orders.rules.ts';
import { ORDER_WORK_MESSAGES } from './orders.constants.ts';
import { orderNewsLetter } from './order-letters.ts';
import { acceptedMime, contentDisposition, creditRefusal, deliveryChange, nameFor, orderChanges, orderNumber, remainingBalance, sanitizeFileName } from './orders.rules.ts';

describe('orders rules', () => {
  it('numbers orders from the sequence', () => {
    expect(orderNumber(2026, 123)).toBe('АГ-2026-000123');
    expect(orderNumber(2026, 1_234_567)).toBe('АГ-2026-1234567');
  });
  it('computes the remaining limit (spec §5) and refuses credit above it', () => {
    expect(remainingBalance({ total: 1000, used: 300 }, 500)).toBe(200);
    expect(remainingBalance({ total: 1000, used: 300 }, 900)).toBe(0);
    expect(creditRefusal({ total: 1000, used: 300 }, 700)).toBeNull();
    expect(creditRefusal({ total: 1000, used: 300 }, 701)).toBe(700);
    expect(creditRefusal({ total: 0, used: 0 }, 1)).toBe(0);
  });
  it('lists every change of price and stock, never silently', () => {
    const current = new Map([
      [1, { id: 1, name: 'Фильтр', price: 1000, currency: 'RUB' as const, quantity: 10 }],
      [2, { id: 2, name: 'Ремень', price: 500, currency: 'RUB' as const, quantity: 0 }],
      [3, { id: 3, name: 'Болт', price: null, currency: 'RUB' as const, quantity: 5 }],
    ]);
    const changes = orderChanges([{ id: 1, count: 1, price: 1100 }, { id: 2, count: 1, price: 500 }, { id: 3, count: 1, price: 10 }], current);
    expect(changes.map((c) => c.kind)).toEqual(['price', 'stock', 'no-price']);
    expect(changes[0]!.message).toBe('«Фильтр»: цена изменилась с 11\u00a0руб. на 10\u00a0руб.');
    expect(changes[1]!.message).toMatch(/нет в наличии/);
    expect(orderChanges([{ id: 1, count: 10, price: 1000 }], current)).toEqual([]);
  });
  it('orders a part \'цена по запросу\' seen as such (price 0) as it is; a price that came or went is a change (issue 28 point 9)', () => {
    const current = new Map([
      [1, { id: 1, name: 'Втулка', price: null, currency: 'RUB' as const, quantity: 5 }],
      [2, { id: 2, name: 'Шкив', price: 4500, currency: 'RUB' as const, quantity: 5 }],
    ]);
    expect(orderChanges([{ id: 1, count: 1, price: 0 }], current)).toEqual([]);
    expect(orderChanges([{ id: 1, count: 1, price: 700 }], current)).toEqual([
      { id: 1, kind: 'no-price', message: '«Втулка»: цена теперь по запросу — позиция войдёт в заказ, цену назовёт менеджер', price: null, quantity: 5 },
    ]);
    expect(orderChanges([{ id: 2, count: 1, price: 0 }], current)).toEqual([
      { id: 2, kind: 'price', message: '«Шкив»: цена теперь известна — 45\u00a0руб.', price: 4500, quantity: 5 },
    ]);
  });
  it('takes a part to order: less in stock is a change only when it is less than the customer saw', () => {
    const current = new Map([[2, { id: 2, name: 'Ремень', price: 500, currency: 'RUB' as const, quantity: 2 }]]);
    // He saw 5 in stock, ordered 4; 2 are left: told, with the rest brought to order.
    const told = orderChanges([{ id: 2, count: 4, price: 500, stock: 5 }], current);
    expect(told).toEqual([{ id: 2, kind: 'stock', message: '«Ремень»: в наличии только 2 шт., а в заказе 4 — остальное привезём под заказ', price: 500, quantity: 2 }]);
    // Confirmed (he has now seen 2), or he saw it short from the start: taken as it is.
    expect(orderChanges([{ id: 2, count: 4, price: 500, stock: 2 }], current)).toEqual([]);
    expect(orderChanges([{ id: 2, count: 4, price: 500, stock: 0 }], current)).toEqual([]);
    // Enough for the count: never a change, whatever he saw.
    expect(orderChanges([{ id: 2, count: 2, price: 500, stock: 9 }], current)).toEqual([]);
  });
  it('sanitises names and accepts types by content only', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\x\\..\u0000счёт\u202e.pdf')).toBe('счёт.pdf');
    expect(sanitizeFileName('...')).toBe('файл');
    expect(acceptedMime('exe', 'счёт.pdf')).toBeNull();
    expect(acceptedMime(undefined, 'a.pdf')).toBeNull();
    expect(acceptedMime('pdf', 'a.pdf')).toBe('application/pdf');
    expect(acceptedMime('cfb', 'a.doc')).toBe('application/msword');
    expect(acceptedMime('cfb', 'a.msi')).toBeNull();
    expect(nameFor('фото', 'png')).toBe('фото.png');
    expect(contentDisposition('счёт "1".pdf')).toBe('attachment; filename="____ _1_.pdf"; filename*=UTF-8\'\'%D1%81%D1%87%D1%91%D1%82%20%221%22.pdf');
  });
  it('shows a delivery price other than the one seen as a change (ADR 042)', () => {
    expect(deliveryChange(undefined, 50_000, 'RUB')).toBeNull();
    expect(deliveryChange(50_000, 50_000, 'RUB')).toBeNull();
    expect(deliveryChange(null, null, 'RUB')).toBeNull();
    expect(deliveryChange(100, 50_000, 'RUB')).toEqual({ id: 0, kind: 'delivery', price: 50_000, quantity: 0, message: 'Стоимость доставки изменилась: было 1\u00a0руб., стало 500\u00a0руб.' });
    expect(deliveryChange(50_000, null, 'RUB')?.message).toBe('Стоимость доставки (500\u00a0руб.) сейчас не рассчитать — её назовёт менеджер');
    expect(deliveryChange(null, 120_000, 'KZT')?.message).toBe('Стоимость доставки рассчитана: 1\u00a0200\u00a0₸');
  });
});

describe('an order\'s status moves (issue 29 point 3)', () => {
  const base = { status: 'in_work' as const, deliveryMethod: 'calc' as const, unpricedLines: 0, pricesPendingConfirmation: false };
  it('follows the table and its conditions', () => {
    expect(statusMoveRefusal({ ...base, status: 'new' }, 'in_work', '')).toBeNull();
    expect(statusMoveRefusal({ ...base, status: 'new' }, 'closed', '')).toBe('Из статуса «Новый» нельзя перейти в «Закрыт»');
    expect(statusMoveRefusal({ ...base, unpricedLines: 1 }, 'assembled', '')).toBe(ORDER_WORK_MESSAGES.unpriced);
    expect(statusMoveRefusal({ ...base, pricesPendingConfirmation: true }, 'assembled', '')).toBe(ORDER_WORK_MESSAGES.unconfirmed);
    expect(statusMoveRefusal(base, 'assembled', '')).toBeNull();
    expect(statusMoveRefusal({ ...base, status: 'assembled' }, 'issued', '')).toBe(ORDER_WORK_MESSAGES.pickupOnly);
    expect(statusMoveRefusal({ ...base, status: 'assembled', deliveryMethod: 'pickup' }, 'shipped', '')).toBe(ORDER_WORK_MESSAGES.deliveryOnly);
    expect(statusMoveRefusal(base, 'cancelled', '  ')).toBe(ORDER_WORK_MESSAGES.reasonRequired);
    expect(statusMoveRefusal(base, 'cancelled', 'x'.repeat(501))).toBe(ORDER_WORK_MESSAGES.reasonTooLong);
    expect(statusMoveRefusal({ ...base, status: 'cancelled' }, 'new', '')).not.toBeNull();
  });
  it('offers the moves of the table that fit the delivery, with the reason one cannot be made yet', () => {
    expect(nextStatuses({ ...base, status: 'assembled', deliveryMethod: 'pickup' }).map((m) => m.to)).toEqual(['issued', 'cancelled']);
    expect(nextStatuses({ ...base, unpricedLines: 2 })).toEqual([{ to: 'assembled', refusal: ORDER_WORK_MESSAGES.unpriced }, { to: 'cancelled', refusal: null }]);
    expect(nextStatuses({ ...base, status: 'closed' })).toEqual([]);
  });
  it('reads a price typed by staff in kopecks', () => {
    expect(parseStaffPrice('12 500,50')).toBe(1_250_050);
    expect(parseStaffPrice('12500.5')).toBe(1_250_050);
    expect(parseStaffPrice('\u00a07 000')).toBe(700_000);
    for (const bad of ['0', '-5', '1,234', 'abc', '', '1e5', '12345678901']) expect(parseStaffPrice(bad), bad).toBeNull();
  });
  it('tells the customer of a status and of a price to confirm', () => {
    expect(orderNewsLetter('АГ-2026-000001', 'https://agro.example/cart/order/x', { kind: 'status', statusLabel: 'Отменён', reason: 'нет на складе' }))
      .toMatchObject({ subject: 'Заказ АГ-2026-000001: отменён', sms: 'Заказ АГ-2026-000001: «Отменён». нет на складе' });
    expect(orderNewsLetter('АГ-2026-000001', 'https://agro.example/x', { kind: 'price', note: 'AL-1: 100 руб. за шт.' }).text).toContain('подтвердите цены в «Моих заказах»');
    // A linked questionnaire's line closes the e-mail; the SMS stays as it was (ADR 107).
    const invited = orderNewsLetter('АГ-2026-000001', 'https://agro.example/x', { kind: 'status', statusLabel: 'Выдан', reason: '' }, 'Пройти опрос «Анкета»: https://agro.example/questionnaire/3?order=1');
    expect(invited.text).toBe('Здравствуйте!\n\nСтатус заказа АГ-2026-000001: «Выдан».\nЗаказ и его история:\nhttps://agro.example/x\n\nПройти опрос «Анкета»: https://agro.example/questionnaire/3?order=1\n');
    expect(invited.sms).toBe('Заказ АГ-2026-000001: «Выдан».');
  });
});
