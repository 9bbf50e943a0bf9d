import type { Context } from 'hono';
import type { z } from '#app/lib/zod.ts';
import type { HonoEnv } from './hono-env.ts';

/** The envelope of spec §7: every failure the user can cause answers { error_status: 'error', message }. */
export function errorResponse(c: Context<HonoEnv>, status: 400 | 403 | 404 | 409 | 413 | 415 | 422 | 429, message: string, extra: Record<string, unknown> = {}) {
  return c.json({ error_status: 'error', message, ...extra }, status);
}

export const MALFORMED_BODY = 'Некорректный запрос: ожидались данные в формате JSON';

/** Reads and validates a JSON or form body; a bad body is the caller's fault and answers 400, never 500. */
export async function readBody<S extends z.ZodType>(c: Context<HonoEnv>, schema: S): Promise<{ ok: true; data: z.infer<S> } | { ok: false; response: Response }> {
  const raw = await readRawBody(c);
  return raw.ok ? validate(c, schema, raw.data) : raw;
}

/** The body as sent, JSON or a form (also urlencoded with keys like props[phone]); not yet validated. */
export async function readRawBody(c: Context<HonoEnv>): Promise<{ ok: true; data: unknown } | { ok: false; response: Response }> {
  const type = c.req.header('content-type') ?? '';
  try {
    if (type.includes('application/json')) return { ok: true, data: await c.req.json() };
    if (type.includes('form')) return { ok: true, data: await c.req.parseBody() };
    if (!type && (c.req.header('content-length') ?? '0') === '0') return { ok: true, data: {} };
    return { ok: false, response: errorResponse(c, 415, MALFORMED_BODY) };
  } catch {
    return { ok: false, response: errorResponse(c, 400, MALFORMED_BODY) };
  }
}

export function readQuery<S extends z.ZodType>(c: Context<HonoEnv>, schema: S) {
  return validate(c, schema, c.req.query());
}

/**
 * Validates already-read input; the first issue's message is the answer's message. An issue whose
 * schema gave no message of its own (a key left out, a type nobody foresaw) would carry zod's
 * English one: it gets a Russian one naming the field instead.
 */
export function validate<S extends z.ZodType>(c: Context<HonoEnv>, schema: S, raw: unknown): { ok: true; data: z.infer<S> } | { ok: false; response: Response } {
  const parsed = schema.safeParse(raw, { error: russianFallback });
  if (parsed.success) return { ok: true, data: parsed.data };
  const first = parsed.error.issues[0];
  const fields = Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
  return { ok: false, response: errorResponse(c, 400, first?.message ?? 'Некорректный запрос', { fields }) };
}

/** A use-case's expected outcome (ARCHITECTURE habit 4: failures are values). */
export type Outcome = { ok: true; message?: string } | { ok: false; message: string; code?: string; retryAfterSeconds?: number };

export type OutcomeStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429 | 503;

/**
 * An outcome as the API answers it (spec §7 envelope): success with its message and the extra
 * fields, or the error with its message, code and the status the module gives that code (400 when
 * none). A refused limit says when it lifts twice: Retry-After for any client, retryAfterSeconds for
 * the page's forms.
 */
export function answerOutcome(c: Context<HonoEnv>, outcome: Outcome, statusOf: Readonly<Record<string, OutcomeStatus>>, extra: Record<string, unknown> = {}) {
  if (outcome.ok) return c.json({ error_status: 'success', ...(outcome.message ? { message: outcome.message } : {}), ...extra });
  const wait = outcome.retryAfterSeconds;
  if (wait !== undefined) c.header('Retry-After', String(wait));
  return c.json({
    error_status: 'error', message: outcome.message,
    ...(outcome.code ? { code: outcome.code } : {}),
    ...(wait !== undefined ? { retryAfterSeconds: wait } : {}),
  }, statusOf[outcome.code ?? ''] ?? 400);
}

export const MISSING_FIELD = 'Не указано поле';
export const INVALID_FIELD = 'Неверное значение поля';

function russianFallback(issue: { input?: unknown; path?: PropertyKey[] }): string {
  const field = issue.path?.length ? ` ${issue.path.map(String).join('.')}` : '';
  if (!field) return 'Некорректный запрос';
  return `${issue.input === undefined ? MISSING_FIELD : INVALID_FIELD}${field}`;
}
