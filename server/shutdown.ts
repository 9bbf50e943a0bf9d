import type { Server } from 'node:http';

/**
 * Stops accepting connections, lets requests in flight finish, then runs `cleanup` (closing the
 * database). Idle keep-alive connections are closed at once; a request still running after
 * `timeoutMs` is cut off so that a deploy never hangs.
 */
export function gracefulShutdown(server: Server, cleanup: () => Promise<void>, timeoutMs = 10_000): Promise<'clean' | 'timeout'> {
  return new Promise((resolve) => {
    // A keep-alive connection whose request finishes during shutdown turns idle and would hold
    // close() until its keep-alive timeout; close such connections as they become idle.
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
