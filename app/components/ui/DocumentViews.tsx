import { createContext, use } from 'react';
import { DOCUMENT_VIEWS_ID, type DocumentViews } from '#app/lib/packed.ts';

/** The request's packed views, given by the server's entry to a document's render; absent in the browser. */
export const DocumentViewsContext = createContext<DocumentViews | null>(null);

/**
 * The packed views of the document's loaders (ADR 049), before React Router's scripts so that they
 * are in place when the page hydrates. The browser's render leaves the text out and hydration keeps
 * the element as the server wrote it; `unpack` reads it there.
 */
export function DocumentViewsScript() {
  const views = use(DocumentViewsContext);
  const text = views ? views.text() : null;
  if (import.meta.env.SSR && text === null) return null;
  return <script type="application/json" id={DOCUMENT_VIEWS_ID} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? text! : '' }} />;
}
