/**
 * Where React writes a document (`renderToPipeableStream(…).pipe`), and the body of the page's
 * Response: a web stream of bursts.
 *
 * React writes a page in pieces: 4 KB buffers, and each string longer than about 1,400 characters
 * on its own. Through a Node stream, each piece cost a write with its events and a conversion to a
 * Buffer, then passed a second stream (Node to web) before compression. Here what React writes
 * within one turn of the event loop is kept in a list and leaves as one buffer (ADR 051): a page
 * rendered at once is one burst, a Suspense boundary resolving later is the next one.
 *
 * `rewrite` sees each burst in order, then the end (defer-hydration.ts); null passes them as they are.
 */
export interface BurstRewriter {
  next(bytes: Buffer): Buffer;
  finish(): Buffer | null;
}

/** The part of a Node Writable that React's `pipe` uses. */
export interface ReactDestination {
  write(chunk: string | Uint8Array): boolean;
  end(): void;
  destroy(error?: unknown): void;
  on(event: string, listener: (...args: unknown[]) => void): ReactDestination;
}

export function documentStream(rewrite: BurstRewriter | null): { destination: ReactDestination; body: ReadableStream<Uint8Array> } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let parts: (string | Uint8Array)[] = [];
  let scheduled = false;
  // False once the stream is closed, errored or cancelled (the client went): nothing more goes in.
  let open = true;
  const listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  const emit = (event: string, ...args: unknown[]) => { for (const listener of listeners.get(event) ?? []) listener(...args); };

  const burst = (): Buffer | null => {
    if (parts.length === 0) return null;
    const bytes = Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
    parts = [];
    return rewrite ? rewrite.next(bytes) : bytes;
  };
  const send = (bytes: Buffer | null) => {
    if (open && bytes && bytes.length > 0) controller.enqueue(bytes);
  };
  const flushBurst = () => {
    scheduled = false;
    send(burst());
  };

  const body = new ReadableStream<Uint8Array>({
    start(c) { controller = c; },
    cancel(reason) {
      open = false;
      parts = [];
      emit('close', reason);
    },
  });

  const destination: ReactDestination = {
    write(chunk) {
      if (!open) return true;
      parts.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flushBurst);
      }
      // No backpressure: a document is bounded, and the web stream queues what the client has not read.
      return true;
    },
    end() {
      if (!open) return;
      send(burst());
      send(rewrite?.finish() ?? null);
      open = false;
      controller.close();
    },
    destroy(error) {
      if (!open) return;
      open = false;
      parts = [];
      controller.error(error instanceof Error ? error : new Error(String(error)));
      emit('error', error);
    },
    on(event, listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return destination;
    },
  };
  return { destination, body };
}
