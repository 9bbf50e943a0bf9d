import { createContext, use, useState } from 'react';
import { DOCUMENT_VIEWS_ID, type DocumentViews } from '#app/lib/packed.ts';

/** The request's packed views, given by the server's entry to a document's render; absent in the browser. */
export const DocumentViewsContext = createContext<DocumentViews | null>(null);

/**
 * The packed views of the document's loaders (ADR 049), before React Router's scripts so that they
 * are in place when the page hydrates. A document without packed views has no such element. The
 * browser renders the element where the document has one, without its text: hydration keeps the
 * element as the server wrote it, and `unpack` reads it there.
 */
export function DocumentViewsScript() {
  const views = use(DocumentViewsContext);
  const [inDocument] = useState(() => !import.meta.env.SSR && document.getElementById(DOCUMENT_VIEWS_ID) !== null);
  const text = import.meta.env.SSR ? views?.text() ?? null : inDocument ? '' : null;
  if (text === null) return null;
  return <script type="application/json" id={DOCUMENT_VIEWS_ID} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: text }} />;
}
