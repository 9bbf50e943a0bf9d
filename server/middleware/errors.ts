import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { BODY_TOO_LARGE, isBodyTooLarge } from './body-limit.ts';
import { errorPage, wantsJson } from './error-page.ts';
import type { LogSink } from './request-log.ts';

export const INTERNAL_ERROR = 'Внутренняя ошибка сервера. Попробуйте позже';
export const INVALID_CHARACTERS = 'Запрос содержит недопустимые символы';
export const ALREADY_EXISTS = 'Такая запись уже существует. Обновите страницу и проверьте данные';

/**
 * PostgreSQL error classes that are the caller's input, not our fault. The boundary (zod schemas
 * with app/lib/text.ts) should refuse such input first; this is the belt should a field slip by.
 * 22021 character_not_in_repertoire (a NUL byte in text), 22P05 untranslatable_character
 * (\u0000 in JSON), 23505 unique_violation (two requests raced to create the same row).
 */
const PG_STATUS: Readonly<Record<string, { status: 400 | 409; message: string }>> = {
  '22021': { status: 400, message: INVALID_CHARACTERS },
  '22P05': { status: 400, message: INVALID_CHARACTERS },
  '23505': { status: 409, message: ALREADY_EXISTS },
};

/** The SQLSTATE of a database error (pg and PGlite both put it in `code`), also when wrapped. */
export function sqlState(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * app.onError: every error a route did not handle. Each is written as one JSON line to stderr with
 * the request id (the X-Request-Id the request log answered), so a 500 in the log can be found from
 * the id a user reports. Pages get a Russian error page; the API its envelope.
 */
export function errorHandler(sink: LogSink = (line) => process.stderr.write(line)): ErrorHandler<HonoEnv> {
  return (error, c) => {
    if (isBodyTooLarge(error)) return reply(c, 413, BODY_TOO_LARGE, { Connection: 'close' });
    if (error instanceof HTTPException && error.status < 500) return error.getResponse();
    const code = sqlState(error);
    const mapped = code ? PG_STATUS[code] : undefined;
    const ctx = c.var.ctx as HonoEnv['Variables']['ctx'] | undefined;
    sink(JSON.stringify({
      time: new Date().toISOString(),
      level: mapped ? 'warn' : 'error',
      msg: mapped ? 'database refused input' : 'unhandled error',
      requestId: ctx?.requestId || c.res.headers.get('X-Request-Id') || null,
      method: c.req.method,
      path: c.req.path,
      status: mapped?.status ?? 500,
      ...(code ? { sqlState: code } : {}),
      error: error instanceof Error ? error.stack ?? String(error) : String(error),
    }) + '\n');
    if (mapped) return reply(c, mapped.status, mapped.message);
    return reply(c, 500, INTERNAL_ERROR);
  };
}

function reply(c: Context<HonoEnv>, status: 400 | 409 | 413 | 500, message: string, headers: Record<string, string> = {}): Response {
  if (wantsJson(c)) return c.json({ error_status: 'error', message }, status, headers);
  const text = status === 500 ? 'Мы уже знаем о сбое. Обновите страницу через минуту или вернитесь на главную.' : 'Проверьте введённые данные и попробуйте ещё раз.';
  return c.html(errorPage(status === 500 ? 'Внутренняя ошибка сервера' : message, text), status, headers);
}
