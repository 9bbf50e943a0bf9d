import { describe, expect, it } from 'vitest';
import { branchEmail, customerEmail, customerSms, type LetterOrder } from './order-letters.ts';

const order: LetterOrder = {
  number: 'АГ-2026-000042',
  url: 'https://shop.example/cart/order/%D0%90%D0%93-2026-000042',
  at: new Date('2026-11-28T09:30:00Z'),
  branch: { name: 'Агротехника Курск', address: 'ул. Полевая, 1', phone: '74712000111' },
  customer: { name: 'Пётр <b>Иванов</b>', phone: '79123456789', email: 'petr@agro.test' },
  delivery: { method: 'pickup', address: null, carrier: null, terminal: null, price: 0, failed: false },
  lines: [
    { code: 'RE504836', name: 'Фильтр масляный', count: 2, price: 150_000, lineTotal: 300_000 },
    { code: 'AL221&1', name: 'Втулка "оси"', count: 1, price: null, lineTotal: null },
  ],
  goods: 300_000, total: 300_000, currency: 'RUB', onCredit: false,
  comment: '<script>alert(1)</script>', files: [],
};

describe('the order letters (issue 28 point 15)', () => {
  it('the customer\'s e-mail: a text part and an HTML part, both with the order\'s link and the branch\'s phone', () => {
    const mail = customerEmail(order);
    expect(mail.subject).toBe('Ваш заказ АГ-2026-000042 принят');
    expect(mail.text).toContain(`Заказ на сайте: ${order.url}`);
    expect(mail.text).toContain('Телефон филиала «Агротехника Курск»: +7 (471) 200-01-11.');
    expect(mail.text).toContain('1. RE504836 Фильтр масляный — 2 шт. × 1 500 руб. = 3 000 руб.');
    expect(mail.text).toContain('2. AL221&1 Втулка "оси" — 1 шт. × цена по запросу');
    expect(mail.text).toContain('Цену позиций «цена по запросу» назовёт менеджер');
    expect(mail.html).toContain(`<a href="${order.url}"`);
    expect(mail.html).toContain('<a href="tel:+74712000111">+7 (471) 200-01-11</a>');
    expect(mail.html).toContain('AL221&amp;1');
    expect(mail.html).toContain('Втулка &quot;оси&quot;');
  });

  it('escapes whatever the customer typed in the HTML part', () => {
    const html = customerEmail(order).html!;
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>Иванов');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('the SMS names the order, the sum and the link; the branch\'s letter is text', () => {
    expect(customerSms(order)).toBe(`Заказ АГ-2026-000042 принят, сумма 3 000 руб. без позиций по запросу. ${order.url} Филиал: +7 (471) 200-01-11`);
    const staff = branchEmail(order);
    expect(staff.subject).toBe('Новый заказ АГ-2026-000042 с сайта — Пётр <b>Иванов</b>');
    expect(staff.html).toBeUndefined();
  });
});
