import { describe, expect, it } from 'vitest';
import { INVOICE_RETRY_AFTER_S, invoicePreparingPage } from './invoice-preparing.rules.ts';

describe('the page of an invoice still being printed', () => {
  it('says so in Russian, asks again by itself, and leads back to the order', () => {
    const page = invoicePreparingPage('АГ-2026-000123');
    expect(INVOICE_RETRY_AFTER_S).toBe(3);
    expect(page).toMatch(/^<!doctype html>\n<html lang="ru">/);
    expect(page).toContain('<title>Счёт готовится…</title>');
    expect(page).toContain('<meta http-equiv="refresh" content="3">');
    expect(page).toContain('<meta name="robots" content="noindex">');
    expect(page).toContain('Счёт к заказу №\u00a0АГ-2026-000123 печатается. Страница обновится через несколько секунд, и счёт скачается сам.');
    const number = encodeURIComponent('АГ-2026-000123');
    expect(page).toContain(`<a href="/cart/order/${number}/invoice.pdf">Обновить сейчас</a>`);
    expect(page).toContain(`<a href="/cart/order/${number}">Вернуться к заказу</a>`);
    expect(page).not.toContain('<script');
  });

  it('writes whatever it is given as text', () => {
    expect(invoicePreparingPage('<b>"&\'')).toContain('№\u00a0&#60;b&#62;&#34;&#38;&#39; печатается');
  });
});
