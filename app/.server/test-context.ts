import { audienceOf, type AppServices, type RequestContext, type SessionState } from './context.ts';
import { createSession, revokeSession, rotateSession } from '#app/.server/session.ts';

/**
 * A request context for use-case tests: real sessions in the test database, no HTTP, no cookies.
 */
export function testContext(services: AppServices, options: { session?: SessionState | null; regionIdParam?: number | null; ip?: string } = {}): RequestContext {
  const ctx: RequestContext = {
    services,
    requestId: 'test',
    ip: options.ip ?? '127.0.0.1',
    nonce: 'test-nonce',
    csrfToken: 'test-token',
    session: options.session ?? null,
    regionIdParam: options.regionIdParam ?? null,
    get audience() { return audienceOf(ctx.session, ctx.regionIdParam); },
    async ensureSession() {
      ctx.session ??= (await createSession(services.db)).session;
      return ctx.session;
    },
    async signIn(userId, persistence) {
      ctx.session = (await rotateSession(services.db, ctx.session, userId, persistence)).session;
      return ctx.session;
    },
    async signOut() {
      if (ctx.session) await revokeSession(services.db, ctx.session.id);
      ctx.session = null;
    },
  };
  return ctx;
}

/** A request context of a signed-in user (a guest's session signed in, as the sign-in forms do). */
export async function signedInContext(services: AppServices, userId: number): Promise<RequestContext> {
  const ctx = testContext(services, { session: (await createSession(services.db)).session });
  await ctx.signIn(userId, 'browser');
  return ctx;
}
