import { Hono, type Context } from 'hono';
import type { HonoEnv } from '#app/.server/hono-env.ts';
import { answerOutcome, errorResponse, readBody } from '#app/.server/http.ts';
import { YARD_MESSAGES } from './yard.constants.ts';
import { machineApiInput, machineIdInput } from './yard.schema.ts';
import { addMachine, currentMaxYear, deleteMachine, listMachines, machinesForPicker, partFitsForMachines, updateMachine, YARD_STATUS, type YardOutcome } from './yard.server.ts';

/*
 * 'Моя техника' as JSON, for scripts and other clients (the page itself posts to its route action).
 * Every answer is personal (`private, no-store`); a guest gets 401 in the spec's envelope before
 * anything is read.
 */

type C = Context<HonoEnv>;

function signInRequired(c: C) {
  return c.json({ error_status: 'error', message: YARD_MESSAGES.signIn, code: 'sign-in' }, 401);
}

function answer(c: C, outcome: YardOutcome<object>) {
  if (outcome.ok) {
    const { ok: _ok, message, ...extra } = outcome;
    return answerOutcome(c, { ok: true, message }, YARD_STATUS, extra);
  }
  return answerOutcome(c, outcome, YARD_STATUS);
}

function idOf(c: C): number | null {
  const parsed = machineIdInput.safeParse(c.req.param('id'));
  return parsed.success ? parsed.data : null;
}

/** Endpoints under /api. */
export const yardApi = new Hono<HonoEnv>()
  .use('/parts/machines', async (c, next) => { c.header('Cache-Control', 'private, no-store'); await next(); })
  .use('/parts/machines/*', async (c, next) => { c.header('Cache-Control', 'private, no-store'); await next(); })
  /** GET /api/parts/machines → { machines: [{ id, name, serial, year, model, line, manufacturer, partsLink }] }, newest first. */
  .get('/parts/machines', async (c) => {
    const machines = await listMachines(c.get('ctx'));
    if (!machines) return signInRequired(c);
    return c.json({ error_status: 'success', machines });
  })
  /** GET /api/parts/machines/picker → { machines }: 'Выбрать мою технику' of the parts pages, newest first. */
  .get('/parts/machines/picker', async (c) => {
    const machines = await machinesForPicker(c.get('ctx'));
    if (!machines) return signInRequired(c);
    return c.json({ error_status: 'success', machines });
  })
  /** GET /api/parts/machines/fit?partId= → { fits: [{ id, title, fits, outsideRange, link, … }] }: a part page's 'подходит к вашей технике'. */
  .get('/parts/machines/fit', async (c) => {
    const partId = machineIdInput.safeParse(c.req.query('partId'));
    if (!partId.success) return errorResponse(c, 400, YARD_MESSAGES.badPartId);
    const fits = await partFitsForMachines(c.get('ctx'), partId.data);
    if (!fits) return signInRequired(c);
    return c.json({ error_status: 'success', fits });
  })
  /** POST /api/parts/machines { modelId, serial, year?, name? } → { message, id }; 404 unknown model, 409 duplicate or limit. */
  .post('/parts/machines', async (c) => {
    if (c.get('ctx').session?.userId == null) return signInRequired(c);
    const body = await readBody(c, machineApiInput(currentMaxYear()));
    if (!body.ok) return body.response;
    return answer(c, await addMachine(c.get('ctx'), body.data));
  })
  /** POST /api/parts/machines/{id} { modelId, serial, year?, name? }: changes one of the visitor's machines. */
  .post('/parts/machines/:id', async (c) => {
    if (c.get('ctx').session?.userId == null) return signInRequired(c);
    const id = idOf(c);
    if (id === null) return errorResponse(c, 404, YARD_MESSAGES.badId);
    const body = await readBody(c, machineApiInput(currentMaxYear()));
    if (!body.ok) return body.response;
    return answer(c, await updateMachine(c.get('ctx'), id, body.data));
  })
  /** DELETE /api/parts/machines/{id}: someone else's machine (or none) is 404 and stays. */
  .delete('/parts/machines/:id', async (c) => {
    if (c.get('ctx').session?.userId == null) return signInRequired(c);
    const id = idOf(c);
    if (id === null) return errorResponse(c, 404, YARD_MESSAGES.badId);
    return answer(c, await deleteMachine(c.get('ctx'), id));
  });
