import { createContext } from 'react-router';
import type { Config } from './config.ts';
import type { DB } from './db/connect.ts';
import type { AuthProviders } from '#app/modules/auth/providers/providers.ts';
import type { OAuthSetup } from '#app/modules/auth/oauth/oauth.config.ts';
import type { DeliveryProviders } from '#app/modules/delivery/providers/providers.ts';

/** What lives as long as the process: one database handle, the configuration. */
export interface AppServices {
  db: DB;
  config: Config;
  /** SMS, flash call, e-mail and captcha: real adapters or the sandboxes (auth module). */
  providers: AuthProviders;
  /** Social sign-in clients (Yandex, Mail.ru, VK, OK) or their sandbox. */
  oauth: OAuthSetup;
  /** Address suggestions and carriers' calculators: real adapters or the sandboxes (delivery module). */
  delivery: DeliveryProviders;
}

/** The session as the request sees it; null until a visitor stores something. */
export interface SessionState {
  id: string;
  userId: number | null;
  areaId: number | null;
  areaConfirmed: boolean;
  /** What modules read about a signed-in visitor with his session (session.ts `registerSessionFact`). */
  facts?: Readonly<Record<string, unknown>>;
}

/**
 * Whom a page is for, as a class of visitors, never as a person: the parts of a cached page's key
 * besides its address. Nothing here tells one visitor from another of the same class.
 */
export interface Audience {
  /** region_id of the page's URL (spec §7): it wins over `area` when it names a known region. */
  regionParam: number | null;
  /** The region the visitor chose or was given; null: the default one (nearest DEFAULT_LAT/LNG). */
  area: number | null;
  /** The visitor confirmed `area` ('Ваш регион …?' is not asked). */
  areaConfirmed: boolean;
  /** Signed in: prices show (spec §1). */
  signedIn: boolean;
}

/** The audience of a request with this session and region_id. */
export function audienceOf(session: SessionState | null, regionParam: number | null): Audience {
  return { regionParam, area: session?.areaId ?? null, areaConfirmed: Boolean(session?.areaConfirmed), signedIn: session?.userId != null };
}

/** What data shown on a page may depend on: the services and the audience. */
export interface AudienceContext {
  services: AppServices;
  audience: Audience;
}

/**
 * What a page's loaders get (`pageContext`): everything a cached render may see. It has no session,
 * user or marks by construction, so nothing personal can reach a page kept for other visitors; the
 * visitor's own name, counters and marks come after hydration (`VisitorSnapshot`). A route whose
 * loaders need the visitor does not opt into the page cache and reads `requestContext` as well.
 */
export interface PageContext extends AudienceContext {
  /** The user menu's kind of items (spec §2, §6): flags of a class, no name or id. */
  roles: { isLbrUser: boolean; isSupplier: boolean; hasPPAccess: boolean; isPsEditor: boolean; isBackoffice: boolean };
  /** The CSP nonce and the CSRF token of this response, or placeholders filled per response. */
  nonce: string;
  csrfToken: string;
}

export const pageContext = createContext<PageContext>();

/**
 * The document's `VisitorSnapshot` as JSON safe inside a script element, or the placeholder a cached
 * page keeps in its place (server/pages.ts). Only the server's entry reads it, never a loader.
 */
export const documentVisitor = createContext<string>('null');

/**
 * Everything a use-case needs about the current request. Hono puts it together in middleware;
 * page loaders read the same object from React Router's context, so pages and the API share one path.
 */
export interface RequestContext {
  services: AppServices;
  requestId: string;
  ip: string | null;
  /** The CSP nonce for inline scripts of this response. */
  nonce: string;
  csrfToken: string;
  session: SessionState | null;
  /** Creates the visitor's session on first write and returns it. */
  ensureSession(): Promise<SessionState>;
  /** Signs a user in: a new session id (rotation) and its cookie. */
  signIn(userId: number, persistence: 'remember' | 'browser' | 'shared'): Promise<SessionState>;
  /** Revokes the session and clears its cookie. */
  signOut(): Promise<void>;
  /** region_id from the page URL (spec §7): it overrides the stored region for this request. */
  regionIdParam: number | null;
  /** The visitor's class for data shared by such visitors (prices, branch): see `Audience`. */
  readonly audience: Audience;
}

export const requestContext = createContext<RequestContext>();
