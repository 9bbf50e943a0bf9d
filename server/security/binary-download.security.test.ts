import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { rotateSession } from '#app/.server/session.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import { attachmentStorage } from '#app/modules/orders/attachment-storage.server.ts';
import * as downloadRoute from '#app/routes/cart.order.$number.files.$id.ts';
import { createApp } from '../app.ts';
import { fakeServerBuild } from '../test-build.ts';

/*
 * Issue 28 §4.1: a guest's download of an order attachment went through the page cache, which read
 * every response as text: invalid UTF-8 came out as U+FFFD (three bytes each) under the file's own
 * Content-Length, so the bytes past that length were read by the client as the next response on
 * the same keep-alive connection, and the whole file was held in memory several times over.
 * Here the real download route runs behind the whole app on a listening server, spoken to over
 * one raw socket, as a browser's keep-alive connection is.
 */

let t: TestDatabase;
let dir: string;
let server: Server;
let port: number;
/** A gate the streamed route waits on: opened once the client has its first bytes. */
let releaseRest: () => void = () => undefined;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'binary-download-'));
  t = await createTestDatabase({ ATTACHMENTS_DIR: dir });
  const build = fakeServerBuild({
    'routes/cart.order.$number.files.$id': { path: 'cart/order/:number/files/:id', module: downloadRoute },
    // A binary response made while it is sent: its second half only after the client has the first.
    'routes/slow-binary': {
      path: 'slow-binary',
      module: {
        loader: () => new Response(new ReadableStream<Uint8Array>({
          start(controller) { controller.enqueue(new Uint8Array(64 * 1024).fill(0xff)); },
          async pull(controller) {
            await new Promise<void>((resolve) => { releaseRest = resolve; });
            controller.enqueue(new Uint8Array(64 * 1024).fill(0xfe));
            controller.close();
          },
        }), { headers: { 'Content-Type': 'application/octet-stream' } }),
      },
    },
  });
  server = createServer(getRequestListener(createApp({ services: t.services, build }).fetch));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await t?.destroy();
  await rm(dir, { recursive: true, force: true });
});

/** A file an attacker could attach to an order: invalid UTF-8, then bytes that read as an HTTP response. */
function craftedPdf(): Buffer {
  const forged = Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nX-Forged: yes\r\nContent-Length: 29\r\n\r\n<script>alert("xss")</script>');
  // Each 0xFF becomes U+FFFD, three bytes: the re-encoded file grows by two bytes per 0xFF, and the
  // growth is exactly the forged response at its end.
  const invalid = Buffer.alloc(forged.length / 2 + (forged.length % 2), 0xff);
  const padding = forged.length % 2 ? Buffer.from(' ') : Buffer.alloc(0);
  return Buffer.concat([Buffer.from('%PDF-1.4\n'), invalid, Buffer.from('\n%%EOF\n'), padding, forged]);
}

/** A customer (ordering needs an account) with an order that holds `bytes` as its attachment. */
async function customerOrderWith(bytes: Buffer): Promise<{ cookie: string; path: string }> {
  const user = await createUser(t.db, { name: 'Покупатель', email: `buyer-${Date.now()}-${Math.floor(Math.random() * 1e6)}@agro.test` });
  const { token } = await rotateSession(t.db, null, user, 'browser');
  const branch = await t.db.selectFrom('region_branch').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
  const number = `АГ-2026-${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  const order = await t.db.insertInto('orders_order').values({
    number, user_id: user, name: 'Покупатель', phone: '79123456789', email: 'guest@agro.test', branch_id: branch.id,
    delivery_method: 'pickup', currency: 'RUB', items_total: 0, total: 0,
  }).returning('id').executeTakeFirstOrThrow();
  const storage = attachmentStorage(t.services.config);
  const temp = await storage.putTemp(Readable.from([bytes]));
  const key = `orders/${order.id}/${temp.key.slice('tmp/'.length)}`;
  await storage.promote(temp.key, key);
  const file = await t.db.insertInto('orders_attachment').values({
    order_id: order.id, storage_key: key, original_name: 'заявка.pdf', mime_type: 'application/pdf', size_bytes: bytes.length,
  }).returning('id').executeTakeFirstOrThrow();
  return { cookie: `sid=${token}`, path: `/cart/order/${encodeURIComponent(number)}/files/${file.id}` };
}

interface RawResponse { status: number; headers: Record<string, string>; body: Buffer }

/** One keep-alive connection: requests written by hand, responses read by their Content-Length. */
function keepAliveConnection() {
  const socket: Socket = connect(port, '127.0.0.1');
  let buffered = Buffer.alloc(0);
  let wake: (() => void) | null = null;
  socket.on('data', (chunk: Buffer) => { buffered = Buffer.concat([buffered, chunk]); wake?.(); });
  const more = () => new Promise<void>((resolve, reject) => {
    wake = () => { wake = null; resolve(); };
    socket.once('close', () => reject(new Error('connection closed')));
  });
  return {
    send(path: string, cookie = '') {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\nAccept-Encoding: gzip, br, zstd\r\n${cookie ? `Cookie: ${cookie}\r\n` : ''}\r\n`);
    },
    /** Bytes already received, without waiting. */
    received: () => buffered.length,
    async read(): Promise<RawResponse> {
      let end: number;
      while ((end = buffered.indexOf('\r\n\r\n')) === -1) await more();
      const [statusLine, ...lines] = buffered.subarray(0, end).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      buffered = buffered.subarray(end + 4);
      let body: Buffer;
      if (headers['content-length'] !== undefined) {
        const length = Number(headers['content-length']);
        while (buffered.length < length) await more();
        body = buffered.subarray(0, length);
        buffered = buffered.subarray(length);
      } else {
        expect(headers['transfer-encoding']).toBe('chunked');
        const parts: Buffer[] = [];
        for (;;) {
          let line: number;
          while ((line = buffered.indexOf('\r\n')) === -1) await more();
          const size = parseInt(buffered.subarray(0, line).toString('latin1'), 16);
          while (buffered.length < line + 2 + size + 2) await more();
          parts.push(buffered.subarray(line + 2, line + 2 + size));
          buffered = buffered.subarray(line + 2 + size + 2);
          if (size === 0) break;
        }
        body = Buffer.concat(parts);
      }
      return { status: Number(statusLine!.split(' ')[1]), headers, body };
    },
    close: () => socket.destroy(),
  };
}

describe('binary responses pass untouched', () => {
  it('a customer downloads his attachment byte for byte, and the next request on the connection gets its own answer', async () => {
    const bytes = craftedPdf();
    const { cookie, path } = await customerOrderWith(bytes);
    const connection = keepAliveConnection();
    try {
      connection.send(path, cookie);
      const download = await connection.read();
      expect(download.status).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['content-disposition']).toMatch(/^attachment;/);
      expect(download.headers['content-encoding']).toBeUndefined();
      expect(download.body.equals(bytes)).toBe(true);

      connection.send('/healthz');
      const health = await connection.read();
      expect(health.status).toBe(200);
      expect(health.headers['x-forged']).toBeUndefined();
      expect(JSON.parse(health.body.toString('utf8'))).toEqual({ status: 'ok' });
    } finally {
      connection.close();
    }
  });

  it('a binary response streams: the client has its first bytes before the rest is made', async () => {
    const connection = keepAliveConnection();
    try {
      connection.send('/slow-binary');
      // The route makes its second half only once released: a layer that read the whole body
      // before sending would never send these first bytes.
      await expect.poll(connection.received, { timeout: 5000 }).toBeGreaterThan(64 * 1024);
      releaseRest();
      const res = await connection.read();
      expect(res.status).toBe(200);
      expect(res.body.length).toBe(128 * 1024);
      expect(res.body.subarray(0, 64 * 1024).every((b) => b === 0xff)).toBe(true);
      expect(res.body.subarray(64 * 1024).every((b) => b === 0xfe)).toBe(true);
    } finally {
      connection.close();
    }
  });
});
