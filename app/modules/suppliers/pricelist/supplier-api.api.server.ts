import { Hono, type Context } from 'hono';
import type { AppServices } from '#app/.server/context.ts';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { PRICE_LIST_UPLOAD_BODY_BYTES } from './intake.api.server.ts';
import { SUPPLIER_OPENAPI } from './supplier-api.constants.ts';
import { API_JSON_MAX_BYTES, API_MESSAGES, apiPush, describeErrors, fieldErrors, SUPPLIER_API_BASE } from './supplier-api.schema.ts';
import {
  authorise, listPositions, listView, pushMultipart, pushPositions, pushRawFile, type Accepted, type Refusal,
} from './supplier-api.server.ts';

/** A push's largest body: a 200 MB file and its form (server/app.ts BODY_LIMIT_RULES). */
export const SUPPLIER_API_BODY_BYTES = PRICE_LIST_UPLOAD_BODY_BYTES;

const NO_STORE = { 'Cache-Control': 'no-store' };
const FILE_TYPES = /^(text\/csv|text\/plain|application\/(vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet|vnd\.ms-excel|zip|x-zip-compressed|octet-stream))\b/i;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), {
  status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...NO_STORE, ...headers },
});

function refusal(r: Refusal): Response {
  const headers: Record<string, string> = {};
  if (r.status === 401) headers['WWW-Authenticate'] = 'Bearer realm="suppliers"';
  if (r.retryAfter) headers['Retry-After'] = String(r.retryAfter);
  return json(r.status, { error_status: 'error', message: r.message, ...r.extra }, headers);
}

const accepted = (a: Accepted) => json(202, {
  error_status: 'success', id: a.id, status: a.status, link: `${SUPPLIER_API_BASE}/price-lists/${a.id}`, page: `/suppliers/api/${a.id}/positions`,
}, { Location: `${SUPPLIER_API_BASE}/price-lists/${a.id}` });

const idOf = (c: Context<HonoEnv>) => (/^[1-9][0-9]{0,9}$/.test(c.req.param('id') ?? '') ? Number(c.req.param('id')) : 0);

/**
 * The suppliers' REST API (spec §2 `/suppliers/api`, ADR 098), mounted at `/api/suppliers/v1` before
 * sessions and the CSRF check: a program calls it with `Authorization: Bearer sup_…`, and cookies
 * give it nothing (there is no session here to carry their authority, so no CSRF token is needed).
 *
 * - `POST /price-lists` — JSON `{kind, name?, positions: [...]}` (≤ 50,000), a file as the body
 *   (`?kind=&name=`), or multipart (`file`, `kind`, `name`, `template`) → 202 `{id, status, link}`;
 *   422 naming bad positions' fields or missing / doubly mapped columns; 413 over the size.
 * - `GET /price-lists/{id}` — state, counts, report; `GET /price-lists/{id}/positions?show=&q=&page=`.
 * - `GET /openapi.json` — the schema, without a token.
 * 401 without a live token, 403 when the organisation does not allow the API, 404 for another
 * organisation's list (as for a missing one), 429 over the token's rate.
 */
export function supplierApi(services: AppServices) {
  const db = services.db;
  return new Hono<HonoEnv>()
    .get('/openapi.json', () => json(200, SUPPLIER_OPENAPI, { 'Cache-Control': 'public, max-age=300' }))
    .post('/price-lists', async (c) => {
      const auth = await authorise(db, c.req.header('authorization'));
      if (!auth.ok) return refusal(auth);
      const type = c.req.header('content-type') ?? '';
      if (/^application\/json\b/i.test(type)) {
        const length = Number(c.req.header('content-length') ?? 0);
        if (length > API_JSON_MAX_BYTES) return refusal({ ok: false, status: 413, message: API_MESSAGES.tooLarge });
        let text: string;
        try {
          text = await c.req.text();
        } catch {
          return refusal({ ok: false, status: 413, message: API_MESSAGES.tooLarge });
        }
        if (text.length > API_JSON_MAX_BYTES) return refusal({ ok: false, status: 413, message: API_MESSAGES.tooLarge });
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          return refusal({ ok: false, status: 422, message: API_MESSAGES.badJson });
        }
        const parsed = apiPush.safeParse(body);
        if (!parsed.success) {
          const errors = fieldErrors(parsed.error);
          return refusal({ ok: false, status: 422, message: describeErrors(errors), extra: { errors } });
        }
        return accepted(await pushPositions(services, auth.organisationId, parsed.data));
      }
      if (/^multipart\/form-data\s*;/i.test(type)) {
        const outcome = await pushMultipart(services, auth.organisationId, c.req.raw);
        return outcome.ok ? accepted(outcome) : refusal(outcome);
      }
      if (FILE_TYPES.test(type)) {
        const kind = c.req.query('kind') ?? 'full';
        if (kind !== 'full' && kind !== 'delta') return refusal({ ok: false, status: 422, message: API_MESSAGES.badKind });
        const name = (c.req.query('name') ?? '').replace(/[\u0000-\u001f\u007f]/g, '').split(/[\\/]/).at(-1)!.trim().slice(0, 255) || 'прайс-лист';
        const outcome = await pushRawFile(services, auth.organisationId, c.req.raw, { name, kind });
        return outcome.ok ? accepted(outcome) : refusal(outcome);
      }
      return refusal({ ok: false, status: 415, message: API_MESSAGES.badType });
    })
    .get('/price-lists/:id', async (c) => {
      const auth = await authorise(db, c.req.header('authorization'));
      if (!auth.ok) return refusal(auth);
      const view = await listView(db, auth.organisationId, idOf(c));
      return view ? json(200, { error_status: 'success', ...view }) : refusal({ ok: false, status: 404, message: API_MESSAGES.notFound });
    })
    .get('/price-lists/:id/positions', async (c) => {
      const auth = await authorise(db, c.req.header('authorization'));
      if (!auth.ok) return refusal(auth);
      const page = await listPositions(db, auth.organisationId, idOf(c), c.req.query());
      return page ? json(200, { error_status: 'success', ...page }) : refusal({ ok: false, status: 404, message: API_MESSAGES.notFound });
    })
    .all('*', () => json(404, { error_status: 'error', message: 'Метод API не найден' }));
}
