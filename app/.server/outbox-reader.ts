import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which browser the development outbox shows a message to (ADR 011, 066): each request runs inside
 * `withOutboxReader`, naming its browser lazily; a job carries the name of the browser whose request
 * enqueued it and runs inside it too (ADR 075), so a letter sent in the background is shown as if the
 * request had sent it. Only the sandbox providers read it; real adapters ignore it.
 */
const readerScope = new AsyncLocalStorage<() => string | null>();

/** Runs `fn` as the browser `reader` names; evaluated only when a message is written. */
export function withOutboxReader<T>(reader: () => string | null, fn: () => T): T {
  return readerScope.run(reader, fn);
}

/** The browser of the work in progress, or null (a background step no visitor caused). */
export function currentOutboxReader(): string | null {
  return readerScope.getStore()?.() ?? null;
}
