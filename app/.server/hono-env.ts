import type { RequestContext } from './context.ts';

export interface HonoEnv {
  Variables: {
    ctx: RequestContext;
    /** The app's own printer asked, in-process (server/app.ts, ADR 074); never set by an HTTP request. */
    printRequest?: boolean;
  };
}
