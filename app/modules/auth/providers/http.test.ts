import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { httpFlashCaller, httpSmsSender, messageIdOf, smtpMailer, smtpTransportOptions, yandexCaptcha, type MailTransport } from './http.ts';
import { ProviderError } from './providers.ts';

/** One request as the stand-in vendor saw it. */
interface Seen {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let server: Server;
let base: string;
let seen: Seen[] = [];
/** What the vendor answers next: status and JSON body. */
let reply: { status: number; body: unknown } = { status: 200, body: { status: 'ok' } };

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => { body += chunk; });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      if (req.url?.startsWith('/hang')) return; // never answers: the adapter's timeout must fire
      if (req.url?.startsWith('/garbage')) return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>oops</html>');
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  seen = [];
  reply = { status: 200, body: { status: 'accepted' } };
});

/** A port nobody listens on: a server is opened and closed to get one. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

describe('httpSmsSender', () => {
  it('POSTs {phone, text} as JSON with the bearer key', async () => {
    await httpSmsSender({ url: `${base}/sms/send`, apiKey: 'sms-key' }).send('+7 (900) 123-45-67', 'Код для входа: 5831');
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request).toMatchObject({ method: 'POST', path: '/sms/send' });
    expect(request!.headers.authorization).toBe('Bearer sms-key');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request!.body)).toEqual({ phone: '79001234567', text: 'Код для входа: 5831' });
  });

  it('carries a job\'s key as idempotency_key, so the gateway drops a repeat after a lost lease', async () => {
    await httpSmsSender({ url: `${base}/sms/send`, apiKey: 'sms-key' }).send('79001234567', 'Заказ принят', { idempotencyKey: 'orders.mail:42' });
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({ phone: '79001234567', text: 'Заказ принят', idempotency_key: 'orders.mail:42' });
  });

  it('turns a non-2xx answer into a ProviderError with the status and without the text', async () => {
    reply = { status: 502, body: { error: 'upstream', echo: 'Код 5831' } };
    const error = await httpSmsSender({ url: `${base}/sms/send`, apiKey: 'k' }).send('79001234567', 'Код 5831').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ provider: 'sms', status: 502 });
    expect((error as Error).message).not.toContain('5831');
  });

  it('turns an unreachable vendor and a timeout into a ProviderError without a status', async () => {
    const port = await closedPort();
    await expect(httpSmsSender({ url: `http://127.0.0.1:${port}/sms`, apiKey: 'k' }).send('79001234567', 'x'))
      .rejects.toMatchObject({ name: 'ProviderError', provider: 'sms', status: null });
    await expect(httpSmsSender({ url: `${base}/hang`, apiKey: 'k', timeoutMs: 200 }).send('79001234567', 'x'))
      .rejects.toMatchObject({ name: 'ProviderError', status: null });
  });
});

describe('httpFlashCaller', () => {
  it('POSTs {phone, code} as JSON with the bearer key', async () => {
    await httpFlashCaller({ url: `${base}/call`, apiKey: 'call-key' }).call('79001234567', '0427');
    const [request] = seen;
    expect(request).toMatchObject({ method: 'POST', path: '/call' });
    expect(request!.headers.authorization).toBe('Bearer call-key');
    expect(JSON.parse(request!.body)).toEqual({ phone: '79001234567', code: '0427' });
  });

  it('fails on non-2xx and never sends a code a call cannot carry', async () => {
    reply = { status: 401, body: { error: 'bad key' } };
    await expect(httpFlashCaller({ url: `${base}/call`, apiKey: 'wrong' }).call('79001234567', '0427'))
      .rejects.toMatchObject({ name: 'ProviderError', provider: 'call', status: 401 });
    seen = [];
    await expect(httpFlashCaller({ url: `${base}/call`, apiKey: 'k' }).call('79001234567', 'abcd')).rejects.toThrow('4 digits');
    expect(seen).toEqual([]);
  });
});

describe('yandexCaptcha', () => {
  const logged: unknown[] = [];
  const captcha = () => yandexCaptcha({ serverKey: 'server-secret', validateUrl: `${base}/validate`, log: (e) => logged.push(e) });

  it('GETs validate with secret, token and ip, and passes on {"status":"ok"}', async () => {
    reply = { status: 200, body: { status: 'ok', message: '', host: 'shop.example' } };
    expect(await captcha().verify('token-1', '203.0.113.5')).toBe(true);
    const url = new URL(seen[0]!.path, base);
    expect(seen[0]!.method).toBe('GET');
    expect(url.pathname).toBe('/validate');
    expect(Object.fromEntries(url.searchParams)).toEqual({ secret: 'server-secret', token: 'token-1', ip: '203.0.113.5' });
  });

  it('leaves ip out when unknown, and skips the request for an empty token', async () => {
    await captcha().verify('token-2', null);
    expect(new URL(seen[0]!.path, base).searchParams.has('ip')).toBe(false);
    seen = [];
    expect(await captcha().verify('', null)).toBe(false);
    expect(seen).toEqual([]);
  });

  it('refuses on {"status":"failed"}', async () => {
    reply = { status: 200, body: { status: 'failed', message: 'Token invalid or expired.' } };
    expect(await captcha().verify('token-3', null)).toBe(false);
  });

  it('decides closed: an error answer, an unreadable body, an unreachable or silent service all refuse and are logged without the secret', async () => {
    logged.length = 0;
    reply = { status: 500, body: { status: 'ok' } };
    expect(await captcha().verify('token-4', null)).toBe(false);
    expect(await yandexCaptcha({ serverKey: 'server-secret', validateUrl: `${base}/garbage`, log: (e) => logged.push(e) }).verify('token-5', null)).toBe(false);
    const port = await closedPort();
    expect(await yandexCaptcha({ serverKey: 'server-secret', validateUrl: `http://127.0.0.1:${port}/validate`, log: (e) => logged.push(e) }).verify('token-6', null)).toBe(false);
    expect(await yandexCaptcha({ serverKey: 'server-secret', validateUrl: `${base}/hang`, timeoutMs: 200, log: (e) => logged.push(e) }).verify('token-7', null)).toBe(false);
    expect(logged).toHaveLength(4);
    expect(JSON.stringify(logged)).not.toContain('server-secret');
  });
});

describe('smtpMailer', () => {
  /** nodemailer's jsonTransport builds the message without any connection; we keep what it built. */
  function jsonTransport() {
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const built: Array<Record<string, unknown>> = [];
    const wrapped: MailTransport = {
      async sendMail(mail) {
        const info = await transport.sendMail(mail);
        built.push(JSON.parse(info.message as string) as Record<string, unknown>);
        return info;
      },
    };
    return { wrapped, built };
  }

  it('sends from MAIL_FROM with the subject, text and HTML', async () => {
    const { wrapped, built } = jsonTransport();
    await smtpMailer(wrapped, 'Агротехника <no-reply@agrotechnika.example>').send({
      to: 'buyer@example.ru',
      subject: 'Подтверждение адреса',
      text: 'Ссылка: https://shop.example/confirm?t=1',
      html: '<a href="https://shop.example/confirm?t=1">Подтвердить</a>',
    });
    expect(built[0]).toMatchObject({
      from: { address: 'no-reply@agrotechnika.example', name: 'Агротехника' },
      to: [{ address: 'buyer@example.ru', name: '' }],
      subject: 'Подтверждение адреса',
      text: 'Ссылка: https://shop.example/confirm?t=1',
      html: '<a href="https://shop.example/confirm?t=1">Подтвердить</a>',
    });
  });

  it('sends a job\'s letter with the job\'s key as its Message-ID: the same key, the same letter', async () => {
    const { wrapped, built } = jsonTransport();
    const mailer = smtpMailer(wrapped, 'Агротехника <no-reply@agrotechnika.example>');
    await mailer.send({ to: 'branch@agro.example', subject: 'Заказ', text: 'Текст', idempotencyKey: 'orders.mail:42' });
    await mailer.send({ to: 'branch@agro.example', subject: 'Заказ', text: 'Текст', idempotencyKey: 'orders.mail:42' });
    expect(built.map((m) => m.messageId)).toEqual(['<orders.mail=3a42@agrotechnika.example>', '<orders.mail=3a42@agrotechnika.example>']);
    expect(messageIdOf('a b<c>', 'plain@shop.example')).toBe('<a=20b=3cc=3e@shop.example>');
  });

  it('wraps a transport failure in a ProviderError with the SMTP reply code', async () => {
    const failing: MailTransport = {
      sendMail: () => Promise.reject(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })),
    };
    await expect(smtpMailer(failing, 'a@b.example').send({ to: 'x@y.example', subject: 's', text: 't' }))
      .rejects.toMatchObject({ name: 'ProviderError', provider: 'mail', status: 550 });
  });

  it('builds SMTP options with short timeouts and auth only when a user is set', () => {
    expect(smtpTransportOptions({ host: 'smtp.example', port: 465, secure: true, user: 'u', password: 'p' })).toMatchObject({
      host: 'smtp.example', port: 465, secure: true, auth: { user: 'u', pass: 'p' }, connectionTimeout: 10_000, greetingTimeout: 10_000,
    });
    expect(smtpTransportOptions({ host: 'relay.local', port: 25, secure: false }).auth).toBeUndefined();
  });
});
