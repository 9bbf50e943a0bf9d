import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { documentVisitor, pageContext } from '#app/.server/context.ts';
import { wantsCompleteDocument } from '#app/.server/defer-hydration.ts';
import { renderDocument } from '#app/.server/render-document.ts';
import { VisitorJsonContext } from '#app/components/page/visitor.tsx';

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
  const nonce = loadContext.get(pageContext).nonce;
  return renderDocument(
    <VisitorJsonContext value={loadContext.get(documentVisitor)}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </VisitorJsonContext>,
    {
      nonce,
      waitForAll: wantsCompleteDocument(request.headers.get('user-agent')) || routerContext.isSpaMode,
      status: responseStatusCode,
      headers: responseHeaders,
      // React Router settles deferred loader data after `streamTimeout`; the render waits a second more.
      abortAfterMs: streamTimeout + 1000,
    },
  );
}
