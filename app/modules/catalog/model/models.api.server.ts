import { Hono } from 'hono';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { errorResponse, readQuery, validate } from '#app/.server/http.ts';
import { getModelQuery, MODEL_MESSAGES, similarFeaturesQuery, similarModelsQuery, similarQueryInput } from './model.schema.ts';
import { getModel, similarFeatures, similarModels } from './model.server.ts';

/**
 * Every answer depends on the visitor (branch, sign-in): shared caches must not keep them.
 * A bad id answers 400, an unknown one 404, both in Russian (spec §7 envelope).
 */
const PRIVATE = { 'Cache-Control': 'private, no-store' };

/** Endpoints under /api. */
export const modelsApi = new Hono<HonoEnv>()
  /** Spec §7 GET /api/models/get-similar-models {modelId, filter}. */
  .get('/models/get-similar-models', async (c) => {
    const input = validate(c, similarModelsQuery, similarQueryInput(new URL(c.req.url).searchParams));
    if (!input.ok) return input.response;
    const models = await similarModels(c.get('ctx'), input.data.modelId, input.data.filter);
    if (!models) return errorResponse(c, 404, MODEL_MESSAGES.notFound);
    return c.json({ error_status: 'success', models }, 200, PRIVATE);
  })
  /** Spec §7 get-similar-models-features-filter {modelId}: the specifications one may match on. */
  .get('/models/get-similar-models-features-filter', async (c) => {
    const input = readQuery(c, similarFeaturesQuery);
    if (!input.ok) return input.response;
    const features = await similarFeatures(c.get('ctx'), input.data.modelId);
    if (!features) return errorResponse(c, 404, MODEL_MESSAGES.notFound);
    return c.json({ error_status: 'success', ...features }, 200, PRIVATE);
  });

/** Spec §7 endpoints outside /api (mounted at the site root). */
export const modelsSiteApi = new Hono<HonoEnv>()
  /** Spec §7 GET /models/get-model {id}: the model as JSON, without prices for guests. */
  .get('/models/get-model', async (c) => {
    const input = readQuery(c, getModelQuery);
    if (!input.ok) return input.response;
    const model = await getModel(c.get('ctx'), input.data.id);
    if (!model) return errorResponse(c, 404, MODEL_MESSAGES.notFound);
    return c.json({ error_status: 'success', model }, 200, PRIVATE);
  });
