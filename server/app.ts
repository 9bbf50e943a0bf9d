import { OFFER_FILE_BODY_BYTES } from '#app/modules/offers/offer-files.constants.ts';
import { Hono } from 'hono';
import type { ServerBuild } from 'react-router';
import type { AppServices } from '#app/.server/context.ts';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { errorResponse } from '#app/.server/http.ts';
import { authApi } from '#app/modules/auth/auth.api.server.ts';
import { profileApi } from '#app/modules/auth/profile.api.server.ts';
import { oauthRoutes } from '#app/modules/auth/oauth/oauth.api.server.ts';
import { catalogApi } from '#app/modules/catalog/catalog.api.server.ts';
import { filtersApi, filtersSiteApi } from '#app/modules/catalog/listing/filters.api.server.ts';
import { marksApi, marksSiteApi } from '#app/modules/catalog/marks/marks.api.server.ts';
import { joinGuestMarks } from '#app/modules/catalog/marks/marks.server.ts';
import { modelsApi, modelsSiteApi } from '#app/modules/catalog/model/models.api.server.ts';
import { searchApi } from '#app/modules/search/search.api.server.ts';
import { partsHistoryApi } from '#app/modules/parts/history/history.api.server.ts';
import { joinGuestPartsHistory } from '#app/modules/parts/history/history.server.ts';
import { partsApi } from '#app/modules/parts/parts.api.server.ts';
import { yardApi } from '#app/modules/parts/yard/yard.api.server.ts';
import { cartApi } from '#app/modules/cart/cart.api.server.ts';
import { deliveryApi } from '#app/modules/delivery/delivery.api.server.ts';
import { joinGuestCart } from '#app/modules/cart/cart.server.ts';
import { ORDER_CREATE_BODY_BYTES, ordersApi } from '#app/modules/orders/orders.api.server.ts';
import { joinGuestOrders } from '#app/modules/orders/orders.server.ts';
import { contentApi } from '#app/modules/content/content.api.server.ts';
import { blogApi } from '#app/modules/blog/blog.api.server.ts';
import { leadsApi } from '#app/modules/leads/leads.api.server.ts';
import { VACANCY_APPLY_BODY_BYTES, vacanciesApi } from '#app/modules/vacancies/vacancies.api.server.ts';
import { financingApi } from '#app/modules/financing/financing.api.server.ts';
import { offersClientApi } from '#app/modules/offers/offer-client.api.server.ts';
import { regionsApi } from '#app/modules/regions/regions.api.server.ts';
import { PRICE_LIST_UPLOAD_BODY_BYTES, intakeApi } from '#app/modules/suppliers/pricelist/intake.api.server.ts';
import { SUPPLIER_API_BODY_BYTES, supplierApi } from '#app/modules/suppliers/pricelist/supplier-api.api.server.ts';
import { EXCHANGE_BODY_BYTES, offersExchangeApi } from '#app/modules/offers/offers.api.server.ts';
import { compressResponses } from './delivery/compress-responses.ts';
import { staticFiles } from './delivery/static-files.ts';
import { mediaRoutes } from './media.ts';
import { devOutbox, devOutboxScope } from './dev-outbox.ts';
import { bodyLimit, type BodyLimitRule } from './middleware/body-limit.ts';
import { IMAGE_MAX_BYTES } from '#app/.server/files/image-variants.ts';
import { csrfProtection } from './middleware/csrf.ts';
import { refuseMalformedPath } from './middleware/malformed-path.ts';
import { errorHandler } from './middleware/errors.ts';
import { requestContextMiddleware } from './middleware/request-context.ts';
import { requestLog, type LogSink } from './middleware/request-log.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { wirePorts } from './ports.ts';
import { pages } from './pages.ts';
import { robotsTxt, sitemapFileXml, sitemapIndexXml } from './seo.ts';
import { testClock } from './test-clock.ts';
import { testRoles } from './test-roles.ts';

export interface AppOptions {
  services: AppServices;
  /** The React Router server build; absent in API-only tests. */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  /** Built browser assets to serve (production); Vite serves them in development. */
  clientDir?: string;
  logSink?: LogSink;
  /** Where app.onError writes its JSON lines; stderr by default. */
  errorSink?: LogSink;
  /** Per-path body limits instead of BODY_LIMIT_RULES (tests). */
  bodyLimits?: readonly BodyLimitRule[];
}

/**
 * Paths whose request body may be larger (or must be smaller) than BODY_LIMIT_BYTES, e.g. an
 * upload route read with app/.server/multipart.ts gets
 * `{ path: '/orders/' + '*' + '/files', maxBytes: 60 * 1024 * 1024 }` ('*' matches any characters).
 * The first matching rule wins.
 */
export const BODY_LIMIT_RULES: readonly BodyLimitRule[] = [
  // An order's attachments: five files of 10 MB and the form (ADR 041).
  { path: '/api/order/create', maxBytes: ORDER_CREATE_BODY_BYTES },
  // An application to a vacancy: one CV of 10 MB and the form (ADR 092).
  { path: '/api/vacancies/apply', maxBytes: VACANCY_APPLY_BODY_BYTES },
  // A promotion's editor carries one picture of up to 15 MB and the form (ADR 081).
  { path: '/admin/content/promotions/*', maxBytes: IMAGE_MAX_BYTES + 1024 * 1024 },
  // An article's editor: its cover of up to 15 MB and the text of up to 100,000 characters (ADR 089).
  { path: '/admin/blog/*', maxBytes: IMAGE_MAX_BYTES + 2 * 1024 * 1024 },
  // A load of the transportation exchange: up to five photos of up to 15 MB and the form (ADR 097).
  { path: '/transportation-orders/new*', maxBytes: 5 * IMAGE_MAX_BYTES + 1024 * 1024 },
  // A document (20 MB) or a picture (15 MB) uploaded in the offer editor (ADR 102).
  { path: '/kp/edit/*/files', maxBytes: OFFER_FILE_BODY_BYTES },
  // 1C sends up to a hundred offers in one call (ADR 083).
  { path: '/api/exchange/offers', maxBytes: EXCHANGE_BODY_BYTES },
  // A supplier's price list: one file of up to 200 MB, through the API (with a progress bar) or the page's form (ADR 096).
  { path: '/api/suppliers/files', maxBytes: PRICE_LIST_UPLOAD_BODY_BYTES },
  { path: '/suppliers/files', maxBytes: PRICE_LIST_UPLOAD_BODY_BYTES },
  // The suppliers' API: up to 50,000 positions as JSON, or a file of up to 200 MB (ADR 098).
  { path: '/api/suppliers/v1/price-lists', maxBytes: SUPPLIER_API_BODY_BYTES },
];

/** Module routers of spec §7, mounted under /api. Each module owns its router. */
export function apiRouter() {
  return new Hono<HonoEnv>()
    .route('/', regionsApi)
    .route('/', intakeApi)
    .route('/', contentApi)
    .route('/', blogApi)
    .route('/', leadsApi)
    .route('/', vacanciesApi())
    .route('/', financingApi)
    .route('/', catalogApi)
    .route('/', filtersApi)
    .route('/', modelsApi)
    .route('/', marksApi)
    .route('/', searchApi)
    .route('/', partsApi)
    .route('/', yardApi)
    .route('/', partsHistoryApi)
    .route('/', cartApi)
    .route('/', ordersApi())
    .route('/', deliveryApi)
    .route('/', authApi)
    .route('/', profileApi);
}

/** Spec §7 endpoints that live outside /api (the filters, `/models/get-model`). */
export function siteApiRouter() {
  return new Hono<HonoEnv>()
    .route('/', filtersSiteApi)
    .route('/', modelsSiteApi)
    .route('/', marksSiteApi)
    .route('/', offersClientApi);
}

/** The whole HTTP surface: pages and JSON API share one process, one context and one set of guards. */
export function createApp({ services, build, clientDir, logSink, errorSink, bodyLimits = BODY_LIMIT_RULES }: AppOptions) {
  const { config } = services;
  const app = new Hono<HonoEnv>();
  // Ports answered by other modules: the orders' delivery price and credit limit (ADR 042), the
  // cart's parts ordered together, the parts section of the sidebar endpoint (ADR 071).
  wirePorts();

  app.use(requestLog(config.LOG_LEVEL !== 'silent' && config.NODE_ENV !== 'test', logSink));
  app.get('/healthz', async (c) => {
    await services.db.selectNoFrom((eb) => eb.val(1).as('ok')).execute();
    return c.json({ status: 'ok' });
  });

  app.use(securityHeaders(config));
  // Before anything reads a body (the CSRF check reads forms, React Router actions read theirs):
  // an oversized request is refused before it is read, or cut off at the limit while it streams.
  app.use(bodyLimit({ defaultBytes: config.BODY_LIMIT_BYTES, rules: bodyLimits }));
  // Built files with their Brotli and gzip variants, from a table made at start-up: page requests
  // never touch the disk, and no static file is compressed per request.
  if (clientDir) app.use(staticFiles(clientDir));
  // Uploaded images' variants: already compressed, the same for everyone, no session (ADR 077).
  app.route('/', mediaRoutes(config));

  // The app's own printer asks for its print pages in-process, with Hono's `env` holding this
  // object: no HTTP request can carry it, so the print area answers nobody else (ADR 074).
  const printGrant = Object.freeze({ printer: true });
  services.pdf.attach((request) => Promise.resolve(app.fetch(request, { printGrant })));
  app.use(async (c, next) => {
    if ((c.env as { printGrant?: unknown } | undefined)?.printGrant === printGrant) c.set('printRequest', true);
    await next();
  });

  app.use(compressResponses());
  // 1C's exchange: HTTP Basic, JSON only, no session and no CSRF token (a machine, not a browser; ADR 083).
  app.route('/api/exchange', offersExchangeApi(services));
  // The suppliers' API: a bearer token, no session and no CSRF token; cookies sent along carry no authority here (ADR 098).
  app.route('/api/suppliers/v1', supplierApi(services));
  // What a guest keeps by session joins the account at sign-in (inside the session rotation).
  app.use(requestContextMiddleware(services, { onSignIn: [joinGuestMarks, joinGuestPartsHistory, joinGuestCart, joinGuestOrders] }));
  if (services.providers.sandbox) app.use(devOutboxScope(config));
  app.use(csrfProtection());

  // Pages carry the token in their csrf-token meta tag; a client without a page asks for it here.
  app.get('/api/csrf-token', (c) => c.json({ error_status: 'success', token: c.get('ctx').csrfToken }));
  app.route('/api', apiRouter());
  app.all('/api/*', (c) => errorResponse(c, 404, 'Метод API не найден'));
  app.route('/', siteApiRouter());

  app.route('/', oauthRoutes(services.oauth));
  if (services.providers.sandbox) app.route('/', devOutbox(config));
  app.route('/', testClock(config)); // routes only when NODE_ENV=test
  app.route('/', testRoles(config)); // routes only when NODE_ENV=test
  app.get('/robots.txt', (c) => c.text(robotsTxt(config.PUBLIC_ORIGIN)));
  const xml = (body: string) => new Response(body, { headers: { 'Content-Type': 'application/xml; charset=UTF-8' } });
  app.get('/sitemap.xml', async () => xml(await sitemapIndexXml(services)));
  app.get('/sitemaps/:name', async (c) => {
    const body = await sitemapFileXml(services, c.req.param('name'));
    return body === null ? c.text('Нет такого файла карты сайта', 404) : xml(body);
  });

  if (build) app.all('*', refuseMalformedPath(), pages({ services, build, ttlMs: config.PAGE_CACHE_TTL_MS }));

  app.onError(errorHandler(errorSink));

  return app;
}
