import { Hono, type Context } from 'hono';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { readRawBody, validate } from '#app/.server/http.ts';
import type { z } from '#app/lib/zod.ts';
import {
  categoryNewsQuery, modelNewsQuery, newsFilterQuery, newsQuery, partNewsQuery, regionNewsQuery, tagsByIdQuery,
} from './blog.schema.ts';
import { blogList, latestNews, newsAbout, newsPage, regionNews, tagsById } from './blog.server.ts';

/**
 * The news calls of spec §7 (ADR 089) under /api/ps/: the promo constructor and the pages' blocks
 * use them. Each answers GET (the query: `tags[]=1&tags[]=2`, `tags=1,2`) and POST (JSON or a form)
 * alike; bad input is a 400 with the first problem in Russian, never a 500. Only visible articles.
 */

/** A query as an object: a key given twice, or as `key[]`, is a list. */
function queryObject(c: Context<HonoEnv>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, values] of Object.entries(c.req.queries())) {
    const list = key.endsWith('[]');
    out[list ? key.slice(0, -2) : key] = list || values.length > 1 ? values : values[0]!;
  }
  return out;
}

async function readInput<S extends z.ZodType>(c: Context<HonoEnv>, schema: S): Promise<{ ok: true; data: z.infer<S> } | { ok: false; response: Response }> {
  if (c.req.method === 'GET') return validate(c, schema, queryObject(c));
  const raw = await readRawBody(c);
  if (!raw.ok) return raw;
  // A form's `key[]` fields are lists too.
  const data = raw.data && typeof raw.data === 'object' && !Array.isArray(raw.data)
    ? Object.fromEntries(Object.entries(raw.data).map(([k, v]) => [k.endsWith('[]') ? k.slice(0, -2) : k, v]))
    : raw.data;
  return validate(c, schema, data);
}

const both = <P extends string>(app: Hono<HonoEnv>, path: P, handler: (c: Context<HonoEnv>) => Promise<Response>) => app.get(path, handler).post(path, handler);

const api = new Hono<HonoEnv>();

both(api, '/ps/get-news', async (c) => {
  const q = await readInput(c, newsQuery);
  if (!q.ok) return q.response;
  return c.json({ error_status: 'success', news: await latestNews(c.get('ctx').services, q.data) });
});

both(api, '/ps/get-news-by-filter', async (c) => {
  const q = await readInput(c, newsFilterQuery);
  if (!q.ok) return q.response;
  return c.json({ error_status: 'success', ...(await newsPage(c.get('ctx').services, q.data)) });
});

both(api, '/ps/get-model-news', async (c) => {
  const q = await readInput(c, modelNewsQuery);
  if (!q.ok) return q.response;
  return c.json({ error_status: 'success', news: await newsAbout(c.get('ctx').services, { modelId: q.data.modelId }, q.data.limit) });
});

both(api, '/ps/get-part-news', async (c) => {
  const q = await readInput(c, partNewsQuery);
  if (!q.ok) return q.response;
  return c.json({ error_status: 'success', news: await newsAbout(c.get('ctx').services, { partId: q.data.partId }, q.data.limit) });
});

both(api, '/ps/get-category-news', async (c) => {
  const q = await readInput(c, categoryNewsQuery);
  if (!q.ok) return q.response;
  return c.json({ error_status: 'success', news: await newsAbout(c.get('ctx').services, { categoryId: q.data.categoryId }, q.data.limit) });
});

both(api, '/ps/get-region-news', async (c) => {
  const q = await readInput(c, regionNewsQuery);
  if (!q.ok) return q.response;
  return c.json({ error_status: 'success', ...(await regionNews(c.get('ctx'), q.data)) });
});

both(api, '/ps/get-tags-by-id', async (c) => {
  const q = await readInput(c, tagsByIdQuery);
  if (!q.ok) return q.response;
  return c.json({ error_status: 'success', tags: await tagsById(c.get('ctx').services, q.data.tagsIds) });
});

both(api, '/ps/get-blog-list', async (c) => c.json({ error_status: 'success', ...(await blogList(c.get('ctx').services)) }));

export const blogApi = api;
