import type { Context } from 'hono';

/** Scripts (the API, fetch with Accept: application/json) get the JSON envelope; browsers a page. */
export function wantsJson(c: Context): boolean {
  return c.req.path.startsWith('/api/') || (c.req.header('accept') ?? '').includes('application/json');
}

/** A self-contained Russian error page: it must render when the app itself cannot. */
export function errorPage(title: string, text: string): string {
  const esc = (s: string) => s.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return '<!doctype html><html lang="ru"><head><meta charset="utf-8">'
    + '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">'
    + `<title>${esc(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">`
    + `<h1>${esc(title)}</h1><p>${esc(text)}</p><p><a href="/">На главную</a></p></body></html>`;
}
