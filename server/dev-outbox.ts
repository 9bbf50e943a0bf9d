import { Hono, type MiddlewareHandler } from 'hono';
import type { Config } from '#app/.server/config.ts';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { claimAccountOutbox, outboxReaderKey, readOutboxFor, withOutboxReader } from '#app/modules/auth/providers/sandbox.ts';

export const OUTBOX_PATH = '/__dev/outbox';

/** Outside development, tests and demo the outbox would hand out codes: the process must not start. */
function assertOutboxAllowed(config: Pick<Config, 'sandboxAllowed' | 'NODE_ENV'>): void {
  if (!config.sandboxAllowed) {
    throw new Error(`The development outbox (${OUTBOX_PATH}) is refused when NODE_ENV=${config.NODE_ENV} without DEMO=true: it shows codes and links. Use AUTH_PROVIDERS=http, or DEMO=true for a local demonstration.`);
  }
}

/**
 * Names the browser of every request for the sandbox providers, so each outbox message records who
 * may read it (ADR 011, 066). The key is derived from the XSRF token only when a message is written
 * or the outbox is read, so requests that send nothing pay nothing. After a write of a signed-in
 * visitor (the sign-in itself included) the browser has proved his account: its confirmed address
 * and phone become this browser's.
 */
export function devOutboxScope(config: Pick<Config, 'sandboxAllowed' | 'NODE_ENV'>): MiddlewareHandler<HonoEnv> {
  assertOutboxAllowed(config);
  return async (c, next) => {
    const ctx = c.get('ctx');
    const reader = () => outboxReaderKey(ctx.csrfToken);
    await withOutboxReader(reader, next);
    const userId = ctx.session?.userId;
    if (userId != null && c.req.method !== 'GET' && c.req.method !== 'HEAD') await claimAccountOutbox(ctx.services.db, reader(), userId);
  };
}

const escape = (s: string) => s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);

/**
 * What the sandbox providers "sent": the stand-in for a phone and a mailbox (codes, confirmation and
 * reset links). A browser sees the messages to the phones and addresses of the account it signed in
 * to, and what its own requests sent to addresses nobody proved (never another visitor's codes).
 * Mounted only while the sandboxes are in use, and refused outside development, tests and demo mode.
 */
export function devOutbox(config: Pick<Config, 'sandboxAllowed' | 'NODE_ENV'>) {
  assertOutboxAllowed(config);
  return new Hono<HonoEnv>().get(OUTBOX_PATH, async (c) => {
    const ctx = c.get('ctx');
    const recipient = (c.req.query('recipient') ?? '').trim().slice(0, 254);
    const messages = await readOutboxFor(ctx.services.db, outboxReaderKey(ctx.csrfToken), { recipient: recipient || undefined });
    const items = messages.map((m) => `<li><p>${escape(m.channel)} · ${escape(m.recipient)} · ${escape(new Date(m.createdAt).toLocaleString('ru-RU'))}${m.subject ? ` · ${escape(m.subject)}` : ''}</p><pre data-testid="outbox-body">${escape(m.body)}</pre></li>`).join('');
    c.header('Cache-Control', 'no-store');
    return c.html(`<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Тестовые сообщения</title></head>
<body style="font-family:system-ui,sans-serif;max-width:760px;margin:24px auto;padding:0 16px">
<h1>Тестовые сообщения</h1><p>Что тестовые SMS, звонки и почта отправили на адрес и телефон аккаунта, в который вошли в этом браузере, и по запросам из этого браузера. Сообщения других посетителей здесь не видны. Доступно, пока включены тестовые провайдеры.</p>
<form><label>Телефон или e-mail <input name="recipient" value="${escape(recipient)}"></label> <button>Показать</button></form>
${items ? `<ol>${items}</ol>` : '<p>Сообщений нет.</p>'}<p><a href="/">На главную</a></p></body></html>`);
  });
}
