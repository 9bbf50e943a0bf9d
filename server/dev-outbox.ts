import { Hono } from 'hono';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { readOutbox } from '#app/modules/auth/providers/sandbox.ts';

/**
 * What the sandbox providers "sent" to one phone or address: the development stand-in for a phone
 * and a mailbox (codes, confirmation and reset links). Mounted only while the sandboxes are in use.
 */
export const devOutbox = new Hono<HonoEnv>().get('/__dev/outbox', async (c) => {
  const recipient = (c.req.query('recipient') ?? '').trim();
  const messages = recipient ? (await readOutbox(c.get('ctx').services.db, recipient)).reverse().slice(0, 20) : [];
  const escape = (s: string) => s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);
  const items = messages.map((m) => `<li><p>${escape(m.channel)} · ${escape(new Date(m.createdAt).toLocaleString('ru-RU'))}${m.subject ? ` · ${escape(m.subject)}` : ''}</p><pre data-testid="outbox-body">${escape(m.body)}</pre></li>`).join('');
  c.header('Cache-Control', 'no-store');
  return c.html(`<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Тестовые сообщения</title></head>
<body style="font-family:system-ui,sans-serif;max-width:760px;margin:24px auto;padding:0 16px">
<h1>Тестовые сообщения</h1><p>Что отправили тестовые SMS, звонки и почта. Доступно, пока включены тестовые провайдеры.</p>
<form><label>Телефон или e-mail <input name="recipient" value="${escape(recipient)}"></label> <button>Показать</button></form>
${recipient ? (items ? `<ol>${items}</ol>` : '<p>Сообщений нет.</p>') : ''}</body></html>`);
});
