import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { gracefulShutdown } from './shutdown.ts';

function get(port: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request({ port, host: '127.0.0.1', path: '/' }, (res) => {
      let body = '';
      res.on('data', (chunk) => { body += chunk; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).on('error', reject).end();
  });
}

describe('graceful shutdown', () => {
  it('finishes the request in flight, refuses new ones, then cleans up', async () => {
    const events: string[] = [];
    const server = createServer((_req, res) => {
      events.push('request started');
      setTimeout(() => { res.end('done'); events.push('request finished'); }, 300);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;

    const inFlight = get(port);
    await new Promise((r) => setTimeout(r, 50));
    const stopped = gracefulShutdown(server, async () => { events.push('cleanup'); });
    await expect(get(port)).rejects.toThrow();
    expect(await inFlight).toEqual({ status: 200, body: 'done' });
    expect(await stopped).toBe('clean');
    expect(events).toEqual(['request started', 'request finished', 'cleanup']);
  });

  it('cuts off a request that outlives the time limit', async () => {
    const server = createServer(() => { /* never answers */ });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const hanging = get(port).catch(() => 'cut off');
    await new Promise((r) => setTimeout(r, 50));
    expect(await gracefulShutdown(server, async () => {}, 200)).toBe('timeout');
    expect(await hanging).toBe('cut off');
  });
});
