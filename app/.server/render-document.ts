import type { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { deferHydration } from './defer-hydration.ts';
import { documentStream } from './document-stream.ts';

export interface RenderDocumentOptions {
  nonce: string;
  /** The whole document before the first byte (crawlers, SPA mode); else from the shell on. */
  waitForAll: boolean;
  status: number;
  headers: Headers;
  /** How long a boundary may still wait for its data before the render is aborted. */
  abortAfterMs: number;
}

/**
 * Renders a document to a Response: streamed from the shell on, its scripts loaded after the first
 * paint (defer-hydration.ts), or complete before the first byte.
 *
 * The abort timer is cleared as soon as everything is rendered. Left running, it held each page's
 * whole render (React's request, the response, the page's data) for its full delay after the page
 * was sent: some four thousand documents at a time under load, promoted to the old generation and
 * collected by a full garbage collection every second (ADR 053).
 */
export function renderDocument(element: ReactNode, { nonce, waitForAll, status, headers, abortAfterMs }: RenderDocumentOptions): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let responded = false;
    // React calls back only after this function returned, so `rendering` is set by then.
    const respond = () => {
      if (responded) return;
      responded = true;
      const { destination, body } = documentStream(waitForAll ? null : deferHydration(nonce));
      headers.set('Content-Type', 'text/html; charset=UTF-8');
      resolve(new Response(body, { headers, status }));
      rendering.pipe(destination as unknown as Writable);
    };
    const timer = setTimeout(() => rendering.abort(), abortAfterMs);
    const rendering = renderToPipeableStream(element, {
      nonce,
      // React writes a finished Suspense boundary's content out of place, with a script to move
      // it in, once the document passes this many bytes (12,800 by default), so that a browser can
      // paint the start of a document still rendering. Ours is rendered in one go and sent as
      // one piece (compress-responses.ts): outlining would only add the script, a second copy of
      // the fallback and a moment without the signed-in visitor's menu. Boundaries still waiting
      // for data (similar models) stream as before.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onShellReady() {
        shellRendered = true;
        if (!waitForAll) respond();
      },
      onAllReady() {
        clearTimeout(timer);
        if (waitForAll) respond();
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        if (shellRendered) console.error(error);
      },
    });
  });
}
