import type { Server, ServerResponse } from 'node:http';

const inFlight = new WeakMap<Server, Set<ServerResponse>>();

/**
 * Keeps the set of responses in progress, so that a shutdown can tell their clients not to reuse
 * the connection. Call once, right after creating the server.
 */
export function trackInFlight(server: Server): void {
  const open = new Set<ServerResponse>();
  inFlight.set(server, open);
  server.prependListener('request', (_req, res: ServerResponse) => {
    open.add(res);
    res.on('close', () => open.delete(res));
  });
}

/**
 * Stops accepting connections, lets requests in flight finish, then runs `cleanup` (closing the
 * database). Idle keep-alive connections are closed at once; a request still running after
 * `timeoutMs` is cut off so that a deploy never hangs.
 *
 * No request in flight is dropped: its response is sent whole, with `Connection: close` when its
 * headers are not out yet (tracked with trackInFlight), so the client sends its next request on a
 * new connection, to the next process, instead of on a socket about to close. Requests that still
 * arrive on an open keep-alive connection during the shutdown are served the same way.
 */
export function gracefulShutdown(server: Server, cleanup: () => Promise<void>, timeoutMs = 10_000): Promise<'clean' | 'timeout'> {
  const lastOnConnection = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  for (const res of inFlight.get(server) ?? []) lastOnConnection(res);
  server.prependListener('request', (_req, res: ServerResponse) => lastOnConnection(res));

  return new Promise((resolve) => {
    // A keep-alive connection whose response had already started turns idle when it ends and would
    // hold close() until its keep-alive timeout (65 s); close such connections as they become idle.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const force = setTimeout(() => {
      clearInterval(sweep);
      server.closeAllConnections();
      resolve('timeout');
    }, timeoutMs);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      clearInterval(sweep);
      void cleanup().then(() => resolve('clean'));
    });
    server.closeIdleConnections();
  });
}
