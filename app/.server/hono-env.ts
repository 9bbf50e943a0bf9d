import type { RequestContext } from './context.ts';

export interface HonoEnv {
  Variables: { ctx: RequestContext };
}
