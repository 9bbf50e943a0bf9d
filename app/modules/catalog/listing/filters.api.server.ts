import { Hono } from 'hono';
import type { HonoEnv } from '#app/.server/hono-env.ts';

/** Endpoints under /api. */
export const filtersApi = new Hono<HonoEnv>();

/** Spec §7 endpoints outside /api (mounted at the site root). */
export const filtersSiteApi = new Hono<HonoEnv>();
