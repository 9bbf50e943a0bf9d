import { Hono } from 'hono';
import type { HonoEnv } from '#app/.server/hono-env.ts';

/** Endpoints under /api. */
export const searchApi = new Hono<HonoEnv>();
