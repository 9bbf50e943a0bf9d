import { Hono } from 'hono';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { errorResponse } from '#app/.server/http.ts';
import { PRICE_LIST_MAX_BYTES, UPLOAD_API_PATH } from './intake.schema.ts';
import { uploadPriceList } from './process.server.ts';

/** The upload's request: one file of at most 200 MB and a few fields (server/app.ts BODY_LIMIT_RULES). */
export const PRICE_LIST_UPLOAD_BODY_BYTES = PRICE_LIST_MAX_BYTES + 1024 * 1024;

/**
 * `POST /api/suppliers/files` (multipart: `_csrf` or X-CSRF-Token, `file`, `kind` full | delta): the
 * cabinet's upload with its progress bar (ADR 096). 201 `{ id, link }`: the list is kept and queued;
 * 403 for anyone but a supplier whose organisation allows uploads; 400/413/415 with a Russian message.
 */
export const intakeApi = new Hono<HonoEnv>().post(UPLOAD_API_PATH.replace(/^\/api/, ''), async (c) => {
  const outcome = await uploadPriceList(c.get('ctx'), c.req.raw);
  if (!outcome.ok) return errorResponse(c, outcome.status, outcome.message);
  return c.json({ error_status: 'success', id: outcome.id, link: `/suppliers/files/${outcome.id}` }, 201, { 'Cache-Control': 'private, no-store' });
});
