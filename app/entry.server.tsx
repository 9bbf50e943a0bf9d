import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { wantsCompleteDocument } from '#app/.server/defer-hydration.ts';
import { renderDocument } from '#app/.server/render-document.ts';

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
  const nonce = loadContext.get(requestContext).nonce;
  return renderDocument(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
    nonce,
    waitForAll: wantsCompleteDocument(request.headers.get('user-agent')) || routerContext.isSpaMode,
    status: responseStatusCode,
    headers: responseHeaders,
    // React Router settles deferred loader data after `streamTimeout`; the render waits a second more.
    abortAfterMs: streamTimeout + 1000,
  });
}
