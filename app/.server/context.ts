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
}

export const requestContext = createContext<RequestContext>();
