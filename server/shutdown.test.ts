import { Agent, createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { gracefulShutdown, trackInFlight } from './shutdown.ts';

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

  it('closes idle keep-alive connections at once and lets the busy one finish its response', async () => {
    const server = createServer((req, res) => {
      if (req.url === '/slow') setTimeout(() => res.end('slow done'), 400);
      else if (req.url === '/streaming') { res.write('part 1, '); setTimeout(() => res.end('part 2'), 400); }
      else res.end('fast');
    });
    trackInFlight(server);
    // As in production (server/main.ts): an idle connection would otherwise be held for 65 s.
    server.keepAliveTimeout = 65_000;
    const closedAt = new Map<Socket, number>();
    const sockets: Socket[] = [];
    server.on('connection', (socket: Socket) => {
      sockets.push(socket);
      socket.on('close', () => closedAt.set(socket, performance.now()));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 10 });
    // Its own pool, so that the slow request opens a connection of its own instead of reusing an idle one.
    const busyAgent = new Agent({ keepAlive: true });
    const call = (path: string, via = agent) => new Promise<{ status: number; body: string; headers: IncomingHttpHeaders }>((resolve, reject) => {
      request({ port, host: '127.0.0.1', path, agent: via }, (res) => {
        let body = '';
        res.on('data', (chunk) => { body += chunk; });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      }).on('error', reject).end();
    });

    // Three connections that served a request and now idle in the agent's pool, one busy.
    await Promise.all([call('/fast'), call('/fast'), call('/fast')]);
    expect(sockets).toHaveLength(3);
    const idle = [...sockets];
    const busy = call('/slow', busyAgent);
    // A response whose headers are already out (keep-alive promised) when the shutdown starts.
    const streaming = call('/streaming', new Agent({ keepAlive: true }));
    await new Promise((r) => setTimeout(r, 50));
    expect(sockets).toHaveLength(5);

    const started = performance.now();
    let cleanedUp = false;
    const stopped = gracefulShutdown(server, async () => { cleanedUp = true; });
    await new Promise((r) => setTimeout(r, 100));
    for (const socket of idle) expect(closedAt.get(socket)! - started).toBeLessThan(100);
    expect(closedAt.has(sockets[3]!)).toBe(false);
    expect(closedAt.has(sockets[4]!)).toBe(false);
    expect(cleanedUp).toBe(false);

    const answer = await busy;
    expect(answer).toMatchObject({ status: 200, body: 'slow done' });
    // The client is told not to reuse the connection.
    expect(answer.headers.connection).toBe('close');
    expect(await streaming).toMatchObject({ status: 200, body: 'part 1, part 2' });
    expect(await stopped).toBe('clean');
    const took = performance.now() - started;
    expect(cleanedUp).toBe(true);
    // Their 'close' events may still be on the way; destroyed is what counts.
    expect(sockets[3]!.destroyed).toBe(true);
    expect(sockets[4]!.destroyed).toBe(true);
    // The slow request's 400 ms (less the 50 ms it had already run), not the 65 s keep-alive.
    expect(took).toBeLessThan(1000);
    agent.destroy();
    busyAgent.destroy();
  });
});
