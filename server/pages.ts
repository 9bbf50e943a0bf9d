import type { Handler } from 'hono';
import { RouterContextProvider, createRequestHandler, matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { documentVisitor, pageContext, requestContext, type AppServices, type Audience, type PageContext, type RequestContext } from '#app/.server/context.ts';
import { hearsChanges, onDataChange } from '#app/.server/db/changes.ts';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { wantsCompleteDocument } from '#app/.server/defer-hydration.ts';
import type { PageCacheHandle } from '#app/.server/page-cache-handle.ts';
import { printRequest } from '#app/.server/pdf/print-request.ts';
import { viewerOf } from '#app/modules/auth/users.server.ts';
import { currentLocation } from '#app/modules/regions/regions.server.ts';
import { CSRF_PLACEHOLDER, NONCE_PLACEHOLDER, VISITOR_PLACEHOLDER, createPageStore, respondWith } from './middleware/page-cache.ts';
import { visitorJson } from './visitor.ts';

/** Query keys every page understands: the print view (spec §2); region_id is part of the audience. */
const SHARED_QUERY = new Set(['to_print', 'region_id']);

export interface PagesOptions {
  services: AppServices;
  build: ServerBuild | (() => Promise<ServerBuild>);
  ttlMs: number;
  maxEntries?: number;
  /** React Router's request handler for `build` by default (tests give a stand-in). */
  render?: (request: Request, context: RouterContextProvider) => Promise<Response> | Response;
}

export function pages({ services, build, ttlMs, maxEntries, render = createRequestHandler(build, services.config.NODE_ENV) }: PagesOptions): Handler<HonoEnv> & { clear(): void } {
  const store = createPageStore({ ttlMs, maxEntries });
  // A kept page shows catalogue data: any heard change of it drops every page (ADR 070), and a page
  // rendered while a change came is given once, never kept.
  let generation = 0;
  onDataChange(services.db, () => {
    generation += 1;
    store.clear();
  });

  const handler: Handler<HonoEnv> = async (c) => {
    const ctx = c.get('ctx');
    const request = c.req.raw;
    const url = new URL(request.url);
    const policy = cachePolicy(typeof build === 'function' ? await build() : build, pagePath(url.pathname));
    const reads = request.method === 'GET' || request.method === 'HEAD';
    // A cacheable route's loaders see no visitor, on every request: a read of the visitor fails at once, not only when kept.
    const shared = reads && policy !== null;
    const isDocument = !url.pathname.endsWith('.data');
    const page = await pageContextFor(ctx);
    // Only a GET fills or reads the store: a HEAD's answer may have no body to keep.
    const keeps = request.method === 'GET' && isDocument && ttlMs > 0 && hearsChanges(services.db) && !!policy && ownQuery(url, policy);
    const key = keeps ? cacheKey(page, url, c.req.header('user-agent')) : null;
    const values = async () => ({ nonce: ctx.nonce, csrfToken: ctx.csrfToken, visitorJson: await visitorJson(ctx) });

    if (key !== null) {
      const hit = store.get(key);
      if (hit) return respondWith(hit, await values(), 'hit', c.req.header('accept-encoding'));
    }

    const context = new RouterContextProvider();
    // A page to keep is rendered with placeholders, filled per response; any other with its own values.
    context.set(pageContext, key !== null ? { ...page, nonce: NONCE_PLACEHOLDER, csrfToken: CSRF_PLACEHOLDER } : { ...page, nonce: ctx.nonce, csrfToken: ctx.csrfToken });
    if (isDocument) context.set(documentVisitor, key !== null ? VISITOR_PLACEHOLDER : await visitorJson(ctx));
    if (!shared) context.set(requestContext, ctx);
    context.set(printRequest, c.get('printRequest') === true);
    const renderedAt = generation;
    const res = await render(request, context);
    if (key === null) return res;
    const kept = renderedAt === generation ? await store.put(key, res) : null;
    if (kept) return respondWith(kept, await values(), 'miss', c.req.header('accept-encoding'));
    // Not keepable after all: a page (a 404) gets its placeholders filled once, here; anything else
    // (a redirect) has none and passes as it is, its body never read.
    if (!(res.headers.get('content-type') ?? '').startsWith('text/html')) return res;
    return respondWith({ body: await res.text(), status: res.status, headers: [...res.headers], expires: 0 }, await values(), 'miss', c.req.header('accept-encoding'));
  };
  return Object.assign(handler, { clear: () => store.clear() });
}

/** The page's context for this request: the visitor's class, never the visitor. */
async function pageContextFor(ctx: RequestContext): Promise<Omit<PageContext, 'nonce' | 'csrfToken'>> {
  const [location, viewer] = await Promise.all([currentLocation(ctx), viewerOf(ctx)]);
  // The region as resolved (an unknown region_id falls back as it does for the page), so a key never holds a value the URL made up.
  const audience: Audience = { regionParam: null, area: location.currentArea.regionId, areaConfirmed: location.currentArea.confirmed, signedIn: !viewer.isGuest };
  const { isLbrUser, isSupplier, hasPPAccess, isPsEditor, isBackoffice } = viewer;
  return { services: ctx.services, audience, roles: { isLbrUser, isSupplier, hasPPAccess, isPsEditor, isBackoffice } };
}

/** Every key of the query is the route's own (a list's name may end in `[]` or `[n]`) or shared: anything else renders without the store. */
function ownQuery(url: URL, policy: NonNullable<PageCacheHandle['pageCache']>): boolean {
  for (const name of url.searchParams.keys()) {
    const base = /^([A-Za-z_]+)(?:\[\d{0,3}\])?$/.exec(name)?.[1];
    if (!base || (!SHARED_QUERY.has(base) && !policy.query.includes(base))) return false;
  }
  return true;
}

function cacheKey(page: Omit<PageContext, 'nonce' | 'csrfToken'>, url: URL, userAgent: string | undefined): string {
  const { audience, roles } = page;
  const query = new URLSearchParams([...url.searchParams].filter(([name]) => name !== 'region_id'));
  query.sort();
  // Crawlers get another document than browsers (entry.server.tsx, ADR 019): never each other's.
  const reader = wantsCompleteDocument(userAgent) ? 'crawler' : 'browser';
  const role = audience.signedIn ? `u${+roles.isLbrUser}${+roles.isSupplier}${+roles.hasPPAccess}${+roles.isPsEditor}${+roles.isBackoffice}` : 'g';
  return `${audience.area}|${+audience.areaConfirmed}|${role}|${reader}|${url.pathname}?${query}`;
}

/**
 * The page a request is for: React Router asks for a client navigation's data at '<path>.data', and
 * at '<path>/_.data' for a path that ends in a slash ('/_.data' for '/'; '/_root.data' in earlier
 * versions). Read wrongly, '/search/sparepart/_.data' would be the catch-all route's.
 */
function pagePath(pathname: string): string {
  if (pathname.endsWith('/_.data')) return pathname.slice(0, -'_.data'.length);
  if (pathname === '/_root.data') return '/';
  return pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname;
}

/** Per build: its route tree, and the policies of the paths asked lately (at most POLICIES_KEPT). */
const builds = new WeakMap<ServerBuild, { tree: RouteObject[]; policies: Map<string, PageCacheHandle['pageCache'] | null> }>();
const POLICIES_KEPT = 5_000;

/**
 * The deepest matched route's `handle.pageCache`, or null. React Router's `matchRoutes` flattens
 * and ranks the whole route tree at every call (0.6 ms, a quarter of a bare page's time), so a
 * path's answer is kept; the oldest goes when the map is full, so no number of paths grows it.
 */
function cachePolicy(build: ServerBuild, pathname: string): PageCacheHandle['pageCache'] | null {
  let kept = builds.get(build);
  if (!kept) builds.set(build, (kept = { tree: routeTree(build.routes), policies: new Map() }));
  const known = kept.policies.get(pathname);
  if (known !== undefined) return known;
  const matches = matchRoutes(kept.tree, pathname);
  const leaf = matches?.[matches.length - 1];
  const handle = leaf ? (build.routes[leaf.route.id!]?.module.handle as PageCacheHandle | undefined) : undefined;
  const policy = handle?.pageCache ?? null;
  if (kept.policies.size >= POLICIES_KEPT) kept.policies.delete(kept.policies.keys().next().value!);
  kept.policies.set(pathname, policy);
  return policy;
}

function routeTree(routes: ServerBuild['routes'], parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((r) => r?.parentId === parentId)
    .map((r) => ({ id: r!.id, path: r!.path, index: r!.index, caseSensitive: r!.caseSensitive, children: routeTree(routes, r!.id) }) as RouteObject);
}
