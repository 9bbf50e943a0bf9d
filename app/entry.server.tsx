import type { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { deferHydration, wantsCompleteDocument } from '#app/.server/defer-hydration.ts';
import { documentStream } from '#app/.server/document-stream.ts';
import { sharedMarkup } from '#app/.server/shared-markup.ts';
import { DocumentViewsContext } from '#app/components/ui/DocumentViews.tsx';
import { SharedMarkupContext } from '#app/components/ui/SharedMarkup.tsx';

export const streamTimeout = 5_000;

/**
 * Streams HTML to browsers as soon as the shell is ready, loading the scripts after the first paint
 * (defer-hydration.ts); crawlers get the complete document.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const ctx = loadContext.get(requestContext);
  const nonce = ctx.nonce;
  const waitForAll = wantsCompleteDocument(request.headers.get('user-agent')) || routerContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <SharedMarkupContext value={sharedMarkup}>
        <DocumentViewsContext value={ctx.documentViews ?? null}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </DocumentViewsContext>
      </SharedMarkupContext>,
      {
        nonce,
        // React writes a finished Suspense boundary's content out of place, with a script to move
        // it in, once the document passes this many bytes (12,800 by default), so that a browser can
        // paint the start of a document still rendering. Ours is rendered in one go and sent as
        // one piece (compress-responses.ts): outlining would only add the script, a second copy of
        // the fallback and a moment without the signed-in visitor's menu. Boundaries still waiting
        // for data (similar models) stream as before.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const { destination, body } = documentStream(waitForAll ? null : deferHydration(nonce));
          responseHeaders.set('Content-Type', 'text/html; charset=UTF-8');
          resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
          pipe(destination as unknown as Writable);
        },
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
