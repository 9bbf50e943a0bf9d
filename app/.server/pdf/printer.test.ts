import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createPdfPrinter, PdfError } from './printer.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const config = { CHROMIUM_PATH: CHROMIUM, PDF_CONCURRENCY: 1, PDF_TIMEOUT_MS: 20_000, PUBLIC_ORIGIN: 'https://shop.example' };
const html = (body: string) => new Response(`<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>т</title></head><body>${body}</body></html>`, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });

describe('createPdfPrinter without Chromium', () => {
  it('fails with the path and what to install, and starts nothing', async () => {
    const printer = createPdfPrinter({ ...config, CHROMIUM_PATH: '/nonexistent/chromium' });
    printer.attach(async () => html('x'));
    await expect(printer.print('/print/x')).rejects.toThrow(new PdfError('PDF не создан: Chromium не найден по пути /nonexistent/chromium. Установите пакет chromium (apt-get install chromium) или укажите путь в CHROMIUM_PATH'));
    await printer.close();
  });

  it('prints only the app\'s own paths, and only once the app is attached', async () => {
    const printer = createPdfPrinter(config);
    await expect(printer.print('/print/x')).rejects.toThrow('PDF не создан: приложение не подключено к принтеру');
    printer.attach(async () => html('x'));
    for (const path of ['https://elsewhere.example/', '//elsewhere.example/x', 'chrome://crash']) {
      await expect(printer.print(path)).rejects.toThrow('не путь страницы печати');
    }
  });
});

describe.runIf(existsSync(CHROMIUM))('createPdfPrinter with Chromium', () => {
  const printer = createPdfPrinter(config);
  afterAll(() => printer.close());

  it('answers every request of the page from the app, refuses other origins, and prints one print at a time', async () => {
    const asked: string[] = [];
    let running = 0;
    let most = 0;
    printer.attach(async (request) => {
      const url = new URL(request.url);
      asked.push(`${url.origin}${url.pathname}`);
      expect(request.headers.get('cookie')).toBeNull();
      if (url.pathname === '/style.css') return new Response('td { border: 1px solid #000 }', { headers: { 'Content-Type': 'text/css', 'Set-Cookie': 'sid=x' } });
      if (url.pathname === '/missing') return new Response('нет', { status: 404 });
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 20));
      running -= 1;
      return html('<link rel="stylesheet" href="/style.css"><img src="https://tracker.example/pixel.png" alt=""><table><tr><td>Счёт на оплату</td></tr></table>');
    });
    const pdfs = await Promise.all([printer.print('/print/a'), printer.print('/print/b'), printer.print('/print/c')]);
    for (const pdf of pdfs) expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');
    expect(most).toBe(1);
    expect(asked.filter((a) => !a.startsWith('https://shop.example/'))).toEqual([]);
    expect(asked).toContain('https://shop.example/style.css');

    await expect(printer.print('/missing')).rejects.toThrow('PDF не создан: страница печати /missing ответила 404');
    // The printer goes on after a refused page.
    expect((await printer.print('/print/d')).byteLength).toBeGreaterThan(500);
    // A closed browser is started again by the next print.
    await printer.close();
    expect((await printer.print('/print/e')).byteLength).toBeGreaterThan(500);
  }, 60_000);
});
