import type { ServerBuild } from 'react-router';

type RouteModule = Record<string, unknown>;

/**
 * Just enough of a React Router build to run real route modules (their loaders and actions) through
 * the whole HTTP app in a test, without `npm run build`. The document renderer is a stub: such tests
 * are about what happens around rendering (limits, CSRF, redirects, sessions), not about markup.
 * A route's parent is the root unless it names another (a layout route with its middleware).
 */
export function fakeServerBuild(routes: Record<string, { path?: string; index?: boolean; parentId?: string; module: RouteModule }>): ServerBuild {
  return {
    entry: { module: { default: (_request: Request, status: number, headers: Headers) => new Response('<!doctype html><p>страница</p>', { status, headers }) } },
    routes: {
      root: { id: 'root', path: '', module: { default: () => null } },
      ...Object.fromEntries(Object.entries(routes).map(([id, route]) => [id, { id, parentId: 'root', ...route }])),
    },
    assets: { entry: { module: '/entry.js', imports: [] }, routes: {}, url: '/manifest.js', version: 'test' },
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'initial', manifestPath: '/__manifest' },
  } as unknown as ServerBuild;
}
