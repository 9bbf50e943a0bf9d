import { createContext, data, type RouterContextProvider } from 'react-router';

/**
 * Whether the page is being rendered for the printer (ADR 074): true only for a request the app's
 * own printer made in-process (server/app.ts marks it from Hono's `env`, which no HTTP request can
 * set), false for anything that came over the network. server/pages.ts sets it for every render.
 */
export const printRequest = createContext<boolean>(false);

/** The print area's guard: a page of it answers 404 to anyone but the printer. */
export function requirePrintRequest(context: Readonly<RouterContextProvider>): void {
  if (!context.get(printRequest)) throw data(null, { status: 404 });
}
