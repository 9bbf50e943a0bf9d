import { Hono, type Context } from 'hono';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { answerOutcome, readBody, readQuery } from '#app/.server/http.ts';
import * as marks from './marks.server.ts';
import { bookmarkInput, browsingHistoryQuery, modelIdsInput, modelMarkInput } from './marks.schema.ts';

/*
 * Comparison, favourites and history of the visitor. Every answer is personal: never stored by a
 * shared cache (a guest's page is cached, so its buttons ask here after hydration).
 */

function personal(c: Context<HonoEnv>) {
  c.header('Cache-Control', 'private, no-store');
}

/** The marks after a change, so the page's buttons and counters take the server's word. */
async function withState(c: Context<HonoEnv>, outcome: Awaited<ReturnType<typeof marks.addToCompare>>) {
  const ctx = c.get('ctx');
  personal(c);
  return answerOutcome(c, outcome, marks.MARKS_STATUS, outcome.ok ? { marks: await marks.marksState(ctx) } : {});
}

type Mutation = (ctx: HonoEnv['Variables']['ctx'], id: number) => ReturnType<typeof marks.addToCompare>;

function mutation(run: Mutation) {
  return async (c: Context<HonoEnv>) => {
    const body = await readBody(c, modelMarkInput);
    if (!body.ok) return body.response;
    return withState(c, await run(c.get('ctx'), body.data.modelId));
  };
}

/** The favourites take a model (`{ modelId }`) or a part (`{ partId }`). */
function bookmarkMutation(forModel: Mutation, forPart: Mutation) {
  return async (c: Context<HonoEnv>) => {
    const body = await readBody(c, bookmarkInput);
    if (!body.ok) return body.response;
    const { kind, id } = body.data;
    return withState(c, await (kind === 'model' ? forModel : forPart)(c.get('ctx'), id));
  };
}

async function history(c: Context<HonoEnv>) {
  const query = readQuery(c, browsingHistoryQuery);
  if (!query.ok) return query.response;
  personal(c);
  const items = await marks.browsingHistory(c.get('ctx'), query.data.modelId ?? null);
  return c.json({ error_status: 'success', items });
}

/** Endpoints under /api. */
export const marksApi = new Hono<HonoEnv>()
  .get('/catalog/marks', async (c) => {
    personal(c);
    return c.json({ error_status: 'success', ...(await marks.marksState(c.get('ctx'))) });
  })
  .post('/catalog/compare/add', mutation(marks.addToCompare))
  .post('/catalog/compare/remove', mutation(marks.removeFromCompare))
  // A shared comparison opened by another visitor joins his own (ADR 072): `{ modelIds }`, answering the marks.
  .post('/catalog/compare/add-shared', async (c) => {
    const body = await readBody(c, modelIdsInput);
    if (!body.ok) return body.response;
    return withState(c, await marks.addSharedToCompare(c.get('ctx'), body.data.modelIds));
  })
  .post('/catalog/bookmarks/add', bookmarkMutation(marks.addBookmark, marks.addPartBookmark))
  .post('/catalog/bookmarks/remove', bookmarkMutation(marks.removeBookmark, marks.removePartBookmark))
  .get('/catalog/get-browsing-history', history)
  // The model page's widget: records the view (a cached guest page never runs its loader) and
  // answers the history without that model, in one round trip.
  .post('/catalog/browsing-history/view', async (c) => {
    const body = await readBody(c, modelMarkInput);
    if (!body.ok) return body.response;
    const ctx = c.get('ctx');
    await marks.recordModelView(ctx, body.data.modelId, { createSession: true });
    personal(c);
    return c.json({ error_status: 'success', items: await marks.browsingHistory(ctx, body.data.modelId) });
  });

/** Spec §7 `GET get-browsing-history {modelId}` (listed without a base path). */
export const marksSiteApi = new Hono<HonoEnv>().get('/get-browsing-history', history);
