import { access, constants } from 'node:fs/promises';
import type { Browser, Page, Route } from 'playwright-core';
import { Semaphore } from './semaphore.ts';

/**
 * The app's own request handler, answering in-process and marked as the printer's (ADR 074): the
 * composition root gives it (server/app.ts `createApp`), so any process that builds the app — the
 * web server, a worker without a listening socket, a test — prints.
 */
export type PrintHandler = (request: Request) => Promise<Response>;

/** Why a PDF could not be made, in Russian for the log and the job's failure. */
export class PdfError extends Error {
  override name = 'PdfError';
}

export interface PrintOptions {
  /** A footer with 'Страница N из M' on every page; on by default. */
  pageNumbers?: boolean;
}

export interface PdfPrinter {
  /** Which handler answers the browser's requests; set once by createApp. */
  attach(handler: PrintHandler): void;
  /** Prints a page of the app's print area (a path such as '/print/invoice/…') to PDF bytes. */
  print(path: string, options?: PrintOptions): Promise<Uint8Array>;
  /** Closes the browser, if one was started; printing later starts another. */
  close(): Promise<void>;
}

export interface PrinterConfig {
  CHROMIUM_PATH: string;
  PDF_CONCURRENCY: number;
  PDF_TIMEOUT_MS: number;
  PUBLIC_ORIGIN: string;
}

/** The footer Chromium draws on each page: its own fonts, so only what a system font has. */
const FOOTER = `<div style="width:100%;font:8px 'DejaVu Sans',Arial,sans-serif;color:#555;text-align:right;padding:0 12mm">`
  + 'Страница <span class="pageNumber"></span> из <span class="totalPages"></span></div>';

/**
 * PDFs of the app's print pages, printed by headless Chromium through `playwright-core` (ADR 074).
 * One browser per process, launched on the first print, kept and reused; launched again when it
 * died. A print takes a kept page (each in a browser context of its own, JavaScript off) whose every
 * request is answered by the app's handler in-process (no socket, no cookie, no network: any other
 * origin is refused), and at most PDF_CONCURRENCY prints run at once.
 */
export function createPdfPrinter(config: PrinterConfig): PdfPrinter {
  let handler: PrintHandler | null = null;
  let browser: Promise<Browser> | null = null;
  let current: Browser | null = null;
  let closing = false;
  /** Pages kept between prints (at most PDF_CONCURRENCY), each in a context of its own whose requests the app answers. */
  let idle: Page[] = [];
  const slots = new Semaphore(config.PDF_CONCURRENCY);
  const origin = new URL(config.PUBLIC_ORIGIN).origin;

  async function launch(): Promise<Browser> {
    try {
      await access(config.CHROMIUM_PATH, constants.X_OK);
    } catch {
      throw new PdfError(`PDF не создан: Chromium не найден по пути ${config.CHROMIUM_PATH}. Установите пакет chromium (apt-get install chromium) или укажите путь в CHROMIUM_PATH`);
    }
    const { chromium } = await import('playwright-core');
    try {
      const started = await chromium.launch({ executablePath: config.CHROMIUM_PATH, args: ['--disable-dev-shm-usage', '--font-render-hinting=none'] });
      // A browser that crashed or was killed is started again by the next print.
      started.on('disconnected', () => {
        if (current === started) {
          browser = null;
          idle = [];
        }
      });
      current = started;
      return started;
    } catch (error) {
      throw new PdfError(`PDF не создан: Chromium (${config.CHROMIUM_PATH}) не запустился: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, { cause: error });
    }
  }

  function browserNow(): Promise<Browser> {
    if (closing) throw new PdfError('PDF не создан: процесс завершается');
    if (!browser) {
      const started = launch();
      browser = started;
      // A failed launch is not kept: the next print tries again (chromium may have been installed since).
      started.catch(() => {
        if (browser === started) browser = null;
      });
    }
    return browser;
  }

  async function answer(route: Route): Promise<void> {
    const request = route.request();
    const url = new URL(request.url());
    if (url.origin !== origin || !handler) return route.abort('blockedbyclient');
    const method = request.method();
    // The body is read whole here: the app is asked for it uncompressed.
    const { 'accept-encoding': _compressed, cookie: _cookie, ...headers } = await request.allHeaders();
    const response = await handler(new Request(url, {
      method,
      headers: { ...headers, host: url.host },
      body: method === 'GET' || method === 'HEAD' ? undefined : (request.postDataBuffer() as Uint8Array<ArrayBuffer> | null) ?? undefined,
    }));
    const answered: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie' && name !== 'content-length') answered[name] = value;
    });
    await route.fulfill({ status: response.status, headers: answered, body: Buffer.from(await response.arrayBuffer()) });
  }

  /** A kept page, or a new one: a context of its own (no cookies, no scripts) whose every request the app answers. */
  async function takePage(started: Browser): Promise<Page> {
    while (idle.length) {
      const page = idle.pop()!;
      if (!page.isClosed()) return page;
    }
    const context = await started.newContext({ javaScriptEnabled: false, serviceWorkers: 'block', locale: 'ru-RU' });
    context.setDefaultTimeout(config.PDF_TIMEOUT_MS);
    await context.route('**/*', (route) => answer(route).catch(() => route.abort('failed').catch(() => {})));
    return context.newPage();
  }

  async function printOnce(path: string, options: PrintOptions): Promise<Uint8Array> {
    const started = await browserNow();
    const page = await takePage(started);
    let reusable = false;
    try {
      const response = await page.goto(new URL(path, origin).href, { waitUntil: 'load' });
      if (!response || response.status() !== 200) {
        reusable = true;
        throw new PdfError(`PDF не создан: страница печати ${path} ответила ${response?.status() ?? 'ничем'}`);
      }
      // Inter is in the page's styles: the text is laid out in it, never in a fallback.
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const pageNumbers = options.pageNumbers ?? true;
      const pdf = await page.pdf({
        preferCSSPageSize: true,
        printBackground: true,
        displayHeaderFooter: pageNumbers,
        headerTemplate: '<span></span>',
        footerTemplate: pageNumbers ? FOOTER : '<span></span>',
      });
      reusable = true;
      return pdf;
    } finally {
      // A page that failed in the browser is not trusted again: its context goes.
      if (reusable && current === started && started.isConnected() && !closing) idle.push(page);
      else await page.context().close().catch(() => {});
    }
  }

  return {
    attach(next) {
      handler = next;
    },
    async print(path, options = {}) {
      // Only the app's own pages: a path, never an address elsewhere.
      if (!path.startsWith('/') || path.startsWith('//')) throw new PdfError(`PDF не создан: ${path} — не путь страницы печати`);
      if (!handler) throw new PdfError('PDF не создан: приложение не подключено к принтеру');
      const failed = (error: unknown) => error instanceof PdfError ? error
        : new PdfError(`PDF не создан: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, { cause: error });
      return slots.run(async () => {
        try {
          return await printOnce(path, options);
        } catch (error) {
          // The browser died under this print (a crash, an OOM kill): one more try on a new one.
          if (error instanceof PdfError || !current || current.isConnected()) throw failed(error);
          return printOnce(path, options).catch((again: unknown) => { throw failed(again); });
        }
      });
    },
    async close() {
      closing = true;
      const open = browser;
      browser = null;
      idle = [];
      if (open) await open.then((b) => b.close(), () => {});
      closing = false;
    },
  };
}
