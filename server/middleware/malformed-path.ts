import type { MiddlewareHandler } from 'hono';
import { errorPage } from './error-page.ts';

export const PAGE_NOT_FOUND = 'Страница не найдена';

/**
 * A page path whose %-escapes do not decode (`/%E0%A4%A`, `/%`) names no page: answered 404 here,
 * before React Router, which would write a warning and an error about it to stderr for every such
 * request (whatever LOG_LEVEL says), and so let anyone fill the log.
 */
export function refuseMalformedPath(): MiddlewareHandler {
  return async (c, next) => {
    if (decodes(new URL(c.req.url).pathname)) return next();
    return c.html(errorPage(PAGE_NOT_FOUND, 'Возможно, она была перемещена или вы ошиблись в адресе.'), 404);
  };
}

function decodes(path: string): boolean {
  if (!path.includes('%')) return true;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
