import { lazy, Suspense, useEffect } from 'react';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from 'react-router';
import { pageContext } from '#app/.server/context.ts';
import { useOptionalRootData, type RootData } from '#app/components/page/root-data.ts';
import { VisitorScript } from '#app/components/page/visitor.tsx';
import { earlyClicksScript, replayEarlyClicks } from '#app/layout/early-clicks.ts';
import { webFontsScript } from '#app/layout/web-fonts.ts';
import { currentLocation } from '#app/modules/regions/regions.server.ts';
import type { Route } from './+types/root';
import printStyles from './styles/print.css?url';
import './styles/fonts.css';
import './styles/tokens.css';
import './styles/base.css';

// No font preloads: a first visit loads Inter after the first paint (web-fonts.ts).
export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ context, url }: Route.LoaderArgs): Promise<RootData> {
  // `url` is the page's address; request.url is '/x.data' when the client revalidates.
  // Every page's root, cached ones included: the page's context knows the visitor's class only.
  const ctx = context.get(pageContext);
  const location = await currentLocation(ctx);
  const { config } = ctx.services;
  return {
    location,
    viewer: { isGuest: !ctx.audience.signedIn, ...ctx.roles },
    csrfToken: ctx.csrfToken,
    nonce: ctx.nonce,
    toPrint: url.searchParams.get('to_print') === '1',
    settings: {
      supplierPortalUrl: config.SUPPLIER_PORTAL_URL, mapTileUrl: config.MAP_TILE_URL, mapAttribution: config.MAP_TILE_ATTRIBUTION,
      supportEmail: config.SUPPORT_EMAIL, captchaSiteKey: ctx.services.providers.captchaSiteKey, demo: config.DEMO,
    },
  };
}

/** The header's data describes the visitor, not the page: keep it across client navigations. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useOptionalRootData();
  // A print page (handle.print, ADR 074) is a document for the printer: no scripts, no shop styles for paper.
  const print = useMatches().some((m) => (m.handle as { print?: boolean } | undefined)?.print);
  // Runs once the document is hydrated: the clicks kept until then (early-clicks.ts) happen now.
  useEffect(replayEarlyClicks, []);
  if (print) {
    return (
      <html lang="ru">
        <head>
          <meta charSet="utf-8" />
          <Meta />
          <Links />
        </head>
        <body>{children}</body>
      </html>
    );
  }
  return (
    <html lang="ru" data-print-view={data?.toPrint ? '' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Before the stylesheets and the content, so that it runs without waiting for them: Inter
            (web-fonts.ts) and the clicks kept until hydration (early-clicks.ts). It runs once, from
            the server's HTML: the browser's bundle leaves its text out and hydration keeps the element. */}
        {data ? <script nonce={data.nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? `${webFontsScript()};${earlyClicksScript()}` : '' }} /> : null}
        <meta name="theme-color" content="#1d5a34" />
        {data ? <meta name="csrf-token" content={data.csrfToken} /> : null}
        <Meta />
        <Links />
        {/* The print view: for paper only, or on screen too with to_print=1 (print.css says why). */}
        <link rel="stylesheet" href={printStyles} media={data?.toPrint ? 'all' : 'print'} />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={data?.nonce} />
        <VisitorScript />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

/** Each area draws its own shell (routes.ts: the shop, the back-office, pages without one). */
export default function App() {
  return <Outlet />;
}

// Every page's script would carry the error pages (the back-office's refusal and its shell among
// them); they load when an error is drawn.
const RootError = lazy(() => import('#app/layout/RootError.tsx'));

export function ErrorBoundary() {
  return <Suspense fallback={null}><RootError /></Suspense>;
}
