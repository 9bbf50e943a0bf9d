import { Hono, type Context } from 'hono';
import { fileTypeFromBuffer } from 'file-type';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { answerOutcome, errorResponse, validate } from '#app/.server/http.ts';
import { readMultipart, MULTIPART_MESSAGES, type IncomingFile } from '#app/.server/multipart.ts';
import { reserve, type RateLimitCheck } from '#app/.server/rate-limit.ts';
import type { FilesConfig } from '#app/.server/files/files.ts';
import type { FileStorage, StoredObject } from '#app/.server/files/storage.ts';
import { attachmentStorage } from './attachment-storage.server.ts';
import {
  ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES, IDEMPOTENCY_HEADER, ORDER_LIMIT_PER_ACCOUNT, ORDER_LIMIT_PER_ADDRESS, ORDER_MESSAGES,
} from './orders.constants.ts';
import { acceptedMime, nameFor } from './orders.rules.ts';
import { idempotencyKeyInput, orderCreateInput } from './orders.schema.ts';
import * as orders from './orders.server.ts';

/** The create route's request may carry five files of 10 MB and the fields (server/app.ts BODY_LIMIT_RULES). */
export const ORDER_CREATE_BODY_BYTES = ATTACHMENT_MAX_FILES * ATTACHMENT_MAX_BYTES + 1024 * 1024;


type Received = { ok: true; stored: StoredObject; filename: string } | { ok: false; filename: string; message: string };

/**
 * Spec §7 Cart and order, under /api. Personal answers: never stored by a shared cache.
 *
 * `POST /api/order/create` (multipart/form-data): `_csrf` first or the X-CSRF-Token header;
 * `products` as JSON text `[{id, count, price}]` (cart line ids, counts, the price seen in minor
 * units); `name`, `phone`, `email`, `branchId`, `deliveryMethod` (pickup, calc, terminals),
 * `deliveryAddress`, `deliveryTerminal`, `deliveryCarrier`, `comment`, `onCredit`; `files[]` (at most
 * 5, 10 MB each, PDF, images, Word, Excel, OpenDocument by content); the `Idempotency-Key` header
 * (or an `idempotencyKey` field). 200 `{ number, total, currency, url, repeated }`; a repeat of the
 * key answers the same order; 409 `code: 'changed'` with `changes` when a price or the stock moved.
 * A signed-in customer's only: a guest gets 401 and no price (spec §1); 429 past the orders' limits.
 */
export function ordersApi(storageOf: (config: FilesConfig) => FileStorage = attachmentStorage) {
  return new Hono<HonoEnv>()
    .post('/order/create', async (c) => {
      c.header('Cache-Control', 'private, no-store');
      const ctx = c.get('ctx');
      // Spec §1: prices, and so orders, need an account; a guest's body is never read.
      const userId = ctx.session?.userId;
      if (userId == null) return answerOutcome(c, { ok: false, code: 'sign-in', message: ORDER_MESSAGES.signInToOrder }, orders.ORDER_STATUS);
      // Per account and per network address (issue 28 point 3). The tokens of an order not created
      // (refused, or a repeat of the key) are given back: the limits count orders, not attempts.
      const checks: RateLimitCheck[] = [{ rule: ORDER_LIMIT_PER_ACCOUNT, subject: `u:${userId}` }];
      if (ctx.ip) checks.push({ rule: ORDER_LIMIT_PER_ADDRESS, subject: ctx.ip });
      const limited = await reserve(ctx.services.db, checks);
      if (!limited.ok) {
        c.header('Retry-After', String(limited.retryAfterSeconds));
        return errorResponse(c, 429, ORDER_MESSAGES.rateLimited(Math.ceil(limited.retryAfterSeconds / 60)), { retryAfterSeconds: limited.retryAfterSeconds });
      }
      let created = false;
      try {
        return await receiveOrder(c, storageOf(ctx.services.config), (outcome) => { created = outcome.ok && !outcome.repeated; });
      } finally {
        if (!created) await limited.release();
      }
    })
    /** `GET /api/order/customer-info`: the signed-in user's name, phone, e-mail and branch; a guest's are empty. */
    .get('/order/customer-info', async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json({ error_status: 'success', ...(await orders.customerInfo(c.get('ctx'))) });
    })
    /** `GET /api/order/regions`: the regions with their branches (reference data). */
    .get('/order/regions', async (c) => {
      c.header('Cache-Control', 'private, max-age=60');
      return c.json({ error_status: 'success', regions: await orders.orderRegions(c.get('ctx').services) });
    });
}

/** Reads the multipart order, stages its files and creates the order; `onOutcome` hears what came of it. */
async function receiveOrder(c: Context<HonoEnv>, storage: FileStorage, onOutcome: (outcome: orders.CreateOrderOutcome) => void): Promise<Response> {
  const ctx = c.get('ctx');
  // Every file goes to the storage as it arrives (never whole in memory); its type is recognised
  // from its first bytes once it is there, and a refused one is removed with the rest below.
  const staged: string[] = [];
  const writing: Promise<unknown>[] = [];
  const read = await readMultipart<Received>(c.req.raw, {
    limits: { fileBytes: ATTACHMENT_MAX_BYTES, files: ATTACHMENT_MAX_FILES, fields: 20, fieldBytes: 64 * 1024 },
    onFile: async (file: IncomingFile) => {
      const put = storage.putTemp(file.stream, { signal: file.signal });
      writing.push(put);
      const stored = await put;
      staged.push(stored.key);
      const name = file.filename || 'файл';
      if (stored.size === 0) return { ok: false, filename: name, message: ORDER_MESSAGES.emptyFile(name) };
      return { ok: true, stored, filename: name };
    },
  });
  // A refused upload aborts the files still being written; each removes its partial file, then
  // the finished ones are removed here: nothing of a refused order stays on disk.
  const discard = async () => {
    await Promise.allSettled(writing);
    await Promise.all(staged.map((k) => storage.delete(k).catch(() => {})));
  };
  if (!read.ok) {
    await discard();
    return errorResponse(c, read.status, read.message);
  }
  const fields: Record<string, string> = {};
  for (const [name, values] of read.fields) {
    if (name === '_csrf') continue;
    if (values.length !== 1) { await discard(); return errorResponse(c, 400, MULTIPART_MESSAGES.malformed); }
    fields[name] = values[0]!;
  }
  const parsed = validate(c, orderCreateInput, fields);
  const key = validate(c, idempotencyKeyInput, c.req.header(IDEMPOTENCY_HEADER) ?? fields.idempotencyKey);
  if (!parsed.ok || !key.ok) { await discard(); return parsed.ok ? (key as { response: Response }).response : parsed.response; }

  const files: orders.StagedFile[] = [];
  for (const r of read.files) {
    if (!r.ok) { await discard(); return errorResponse(c, 422, r.message); }
    const detected = (await fileTypeFromBuffer(r.stored.head))?.ext;
    const mime = acceptedMime(detected, r.filename);
    if (!mime || !detected) { await discard(); return errorResponse(c, 415, ORDER_MESSAGES.badType(r.filename.slice(0, 120))); }
    files.push({ tempKey: r.stored.key, name: nameFor(r.filename, detected), mime, size: r.stored.size, sha256: r.stored.sha256 });
  }

  const outcome = await orders.createOrder(ctx, parsed.data, key.data, files, storage);
  onOutcome(outcome);
  // The changed prices and stock travel with the 409 (answerOutcome carries extras only on success).
  if (!outcome.ok && outcome.code === 'changed') return errorResponse(c, 409, outcome.message, { code: outcome.code, changes: outcome.changes });
  if (!outcome.ok) return answerOutcome(c, outcome, orders.ORDER_STATUS);
  return answerOutcome(c, outcome, orders.ORDER_STATUS, {
    number: outcome.number, total: outcome.total, currency: outcome.currency, url: outcome.url, repeated: outcome.repeated,
  });
}
