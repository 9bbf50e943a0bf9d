import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import { createApp } from '../../../../server/app.ts';
import { fakeServerBuild } from '../../../../server/test-build.ts';
import * as route from '../../../routes/profile.machines.tsx';
import { MACHINES_LIMIT, YARD_MESSAGES as M } from './yard.constants.ts';

let t: TestDatabase;
let models: { id: number; name: string }[];
beforeAll(async () => {
  t = await createTestDatabase();
  models = (await sql<{ id: number; name: string }>`select id, name from catalog_model order by id limit 2`.execute(t.db)).rows;
}, 120_000);
afterAll(async () => { await t?.destroy(); });

/** A browser on the whole app with this page's route: cookies kept, the CSRF token echoed. */
function browser() {
  const app = createApp({ services: t.services, build: fakeServerBuild({ 'routes/profile.machines': { path: 'profile/machines', module: route } }) });
  const cookies = new Map<string, string>();
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  };
  const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const token = () => decodeURIComponent(cookies.get('XSRF-TOKEN') ?? '');
  async function request(method: string, path: string, init: { json?: unknown; form?: Record<string, string> | [string, string][]; csrf?: boolean } = {}) {
    if (!cookies.has('XSRF-TOKEN')) remember(await app.request('/api/csrf-token', { headers: { cookie: cookie() } }));
    const headers: Record<string, string> = { cookie: cookie() };
    let body: string | undefined;
    if (init.json !== undefined) { body = JSON.stringify(init.json); headers['content-type'] = 'application/json'; }
    if (init.form) {
      const fields = new URLSearchParams(init.form);
      if (init.csrf !== false) fields.set('_csrf', token());
      body = fields.toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    else if (init.csrf !== false && method !== 'GET') headers['x-csrf-token'] = token();
    const res = await app.request(path, { method, headers, body, redirect: 'manual' });
    remember(res);
    return res;
  }
  return {
    get: (path: string) => request('GET', path),
    post: (path: string, json?: unknown) => request('POST', path, { json }),
    del: (path: string) => request('DELETE', path),
    form: (path: string, form: Record<string, string> | [string, string][], csrf = true) => request('POST', path, { form, csrf }),
  };
}

let n = 0;
async function signedIn() {
  const email = `yard-api${++n}@agro.test`;
  await createUser(t.db, { name: 'Фёдор', email, password: 'secret1', emailVerified: true });
  const b = browser();
  expect((await b.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } })).status).toBe(200);
  return b;
}

describe('GET/POST/DELETE /api/parts/machines', () => {
  it('answers a guest 401 in the spec\'s envelope, before reading anything', async () => {
    const guest = browser();
    for (const res of [
      await guest.get('/api/parts/machines'),
      await guest.post('/api/parts/machines', { modelId: models[0]!.id, serial: 'A1' }),
      await guest.post('/api/parts/machines/1', { nonsense: true }),
      await guest.del('/api/parts/machines/1'),
    ]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error_status: 'error', message: M.signIn, code: 'sign-in' });
    }
  });

  it('adds, lists, changes and deletes the visitor\'s machines; answers are personal', async () => {
    const b = await signedIn();
    const added = await b.post('/api/parts/machines', { modelId: models[0]!.id, serial: ' sn 42 ', year: 2015 });
    expect(added.status).toBe(200);
    const { id } = await added.json() as { id: number };
    expect(id).toEqual(expect.any(Number));
    const list = await b.get('/api/parts/machines');
    expect(list.headers.get('cache-control')).toBe('private, no-store');
    const body = await list.json();
    expect(body).toMatchObject({ error_status: 'success', machines: [{ id, serial: 'SN 42', year: 2015, name: null, model: { id: models[0]!.id } }] });
    expect(body.machines[0].partsLink).toMatch(/^\/zapchasti\/[\w-]+\/[\w-]+\?serial=SN%2042&models\[\]=[\w-]+$/);
    expect(await (await b.post(`/api/parts/machines/${id}`, { modelId: models[1]!.id, serial: 'SN 42', name: 'Второй' })).json())
      .toEqual({ error_status: 'success', message: M.updated });
    expect((await b.post('/api/parts/machines', { modelId: models[1]!.id, serial: 'sn 42' })).status).toBe(409);
    expect((await b.post('/api/parts/machines', { modelId: 999_999_999, serial: 'X' })).status).toBe(404);
    expect((await b.del(`/api/parts/machines/${id}`)).status).toBe(200);
    expect((await b.del(`/api/parts/machines/${id}`)).status).toBe(404);
  });

  it('never lets one user touch another\'s machine', async () => {
    const anna = await signedIn();
    const boris = await signedIn();
    const { id } = await (await anna.post('/api/parts/machines', { modelId: models[0]!.id, serial: 'ANNA' })).json() as { id: number };
    expect((await (await boris.get('/api/parts/machines')).json()).machines).toEqual([]);
    expect((await boris.post(`/api/parts/machines/${id}`, { modelId: models[0]!.id, serial: 'MINE' })).status).toBe(404);
    expect((await boris.del(`/api/parts/machines/${id}`)).status).toBe(404);
    expect((await (await anna.get('/api/parts/machines')).json()).machines).toMatchObject([{ id, serial: 'ANNA' }]);
  });

  it('refuses bad input with a clear 4xx in Russian, never a 500', async () => {
    const b = await signedIn();
    const model = models[0]!.id;
    const cases: [unknown, number, string][] = [
      [{}, 400, M.badModelId],
      [{ modelId: 'abc', serial: 'A' }, 400, M.badModelId],
      [{ modelId: Array.from({ length: 10_000 }, () => model), serial: 'A' }, 400, M.badModelId],
      [{ modelId: 1e20, serial: 'A' }, 400, M.badModelId],
      [{ modelId: model }, 400, M.serialRequired],
      [{ modelId: model, serial: 'A\u00001' }, 400, 'Поле "Серийный номер" содержит недопустимые символы'],
      [{ modelId: model, serial: 'A'.repeat(100_000) }, 400, M.serialTooLong],
      [{ modelId: model, serial: ['A'] }, 400, M.serialRequired],
      [{ modelId: model, serial: 'A/1' }, 400, M.serialChars],
      [{ modelId: model, serial: 'A', year: 1800 }, 400, M.year(new Date().getUTCFullYear() + 1)],
      [{ modelId: model, serial: 'A', name: 'x\u0000' }, 400, 'Поле "Название" содержит недопустимые символы'],
      [null, 400, M.badBody],
      [[1, 2], 400, M.badBody],
    ];
    for (const [json, status, message] of cases) {
      const res = await b.post('/api/parts/machines', json);
      expect(res.status, JSON.stringify(json).slice(0, 60)).toBe(status);
      expect((await res.json()).message).toBe(message);
    }
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999', '%00']) {
      expect((await b.del(`/api/parts/machines/${id}`)).status, id).toBe(404);
      expect((await b.post(`/api/parts/machines/${id}`, { modelId: model, serial: 'A' })).status, id).toBe(404);
    }
    const res = await b.post('/api/parts/machines', undefined);
    expect(res.status).toBe(400);
  });

  it('gives the picker and a part\'s fit to a signed-in visitor only; a bad part id is a 400, never a 500', async () => {
    const guest = browser();
    for (const res of [await guest.get('/api/parts/machines/picker'), await guest.get('/api/parts/machines/fit?partId=1')]) {
      expect(res.status).toBe(401);
    }
    const b = await signedIn();
    await b.post('/api/parts/machines', { modelId: models[0]!.id, serial: 'FIT-1' });
    const picker = await b.get('/api/parts/machines/picker');
    expect(picker.status).toBe(200);
    expect(picker.headers.get('cache-control')).toContain('no-store');
    expect((await picker.json()).machines).toHaveLength(1);
    const part = await t.db.selectFrom('parts_part').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    const fit = await b.get(`/api/parts/machines/fit?partId=${part.id}`);
    expect(fit.status).toBe(200);
    expect((await fit.json()).fits).toHaveLength(1);
    for (const bad of ['', 'abc', '1%00', '-1', '99999999999999999999', '1.5']) {
      const res = await b.get(`/api/parts/machines/fit?partId=${bad}`);
      expect(res.status, bad).toBe(400);
      expect((await res.json()).message).toBe(M.badPartId);
    }
  });

  it(`answers 409 past ${MACHINES_LIMIT} machines`, async () => {
    const b = await signedIn();
    const { id: first } = await (await b.post('/api/parts/machines', { modelId: models[0]!.id, serial: 'FIRST' })).json() as { id: number };
    const userId = (await t.db.selectFrom('parts_machine').select('user_id').where('id', '=', first).executeTakeFirstOrThrow()).user_id;
    await sql`insert into parts_machine (user_id, model_id, serial_number) select ${userId}, ${models[0]!.id}, 'F' || g from generate_series(2, ${MACHINES_LIMIT}) g`.execute(t.db);
    const res = await b.post('/api/parts/machines', { modelId: models[0]!.id, serial: 'ONE-MORE' });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(M.limit);
  });
});

describe('/profile/machines (the page\'s loader and action)', () => {
  it('sends a guest to sign in, for the page and for a post', async () => {
    const guest = browser();
    const page = await guest.get('/profile/machines?edit=1');
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/login?redirect=%2Fprofile%2Fmachines%3Fedit%3D1');
    const post = await guest.form('/profile/machines', { intent: 'add', modelId: String(models[0]!.id), serial: 'A1' });
    expect([302, 303]).toContain(post.status);
    expect(post.headers.get('location')).toBe('/login?redirect=%2Fprofile%2Fmachines');
    expect(await t.db.selectFrom('parts_machine').select('id').where('serial_number', '=', 'A1').execute()).toEqual([]);
  });

  it('refuses a form post without the CSRF token', async () => {
    const b = await signedIn();
    const res = await b.form('/profile/machines', { intent: 'add', modelId: String(models[0]!.id), serial: 'NO-CSRF' }, false);
    expect(res.status).toBe(403);
  });

  it('adds by a chosen model, by a name typed without scripts, and edits and deletes, redirecting after each', async () => {
    const b = await signedIn();
    const byId = await b.form('/profile/machines', { intent: 'add', modelId: String(models[0]!.id), modelQuery: models[0]!.name, modelTitle: models[0]!.name, serial: 'form-1', year: '', name: '' });
    expect(byId.status).toBe(302);
    expect(byId.headers.get('location')).toMatch(/^\/profile\/machines\?done=added#machine-\d+$/);
    // No model chosen: the exact name typed finds it.
    const byName = await b.form('/profile/machines', { intent: 'add', modelId: '', modelQuery: models[1]!.name.toLowerCase(), serial: 'form-2' });
    expect(byName.status).toBe(302);
    const { machines } = await (await b.get('/api/parts/machines')).json() as { machines: { id: number; serial: string; model: { id: number } }[] };
    expect(machines.map((m) => [m.serial, m.model.id])).toEqual([['FORM-2', models[1]!.id], ['FORM-1', models[0]!.id]]);
    // The edit form's model box changed without scripts: the typed name wins over the old id.
    const id = machines[1]!.id;
    const edit = await b.form('/profile/machines', { intent: 'update', id: String(id), modelId: String(models[0]!.id), modelTitle: models[0]!.name, modelQuery: models[1]!.name, serial: 'form-1b', year: '2020' });
    expect(edit.headers.get('location')).toBe(`/profile/machines?done=updated#machine-${id}`);
    expect(await t.db.selectFrom('parts_machine').select(['model_id', 'serial_number', 'year']).where('id', '=', id).executeTakeFirst())
      .toEqual({ model_id: models[1]!.id, serial_number: 'FORM-1B', year: 2020 });
    const del = await b.form('/profile/machines', { intent: 'delete', id: String(id) });
    expect(del.headers.get('location')).toBe('/profile/machines?done=deleted');
    expect(await t.db.selectFrom('parts_machine').select('id').where('id', '=', id).execute()).toEqual([]);
  });

  it('offers the models to choose from when the typed name means several', async () => {
    const b = await signedIn();
    const res = await b.form('/profile/machines.data', { intent: 'add', modelId: '', modelQuery: 'Беларус', serial: 'CHOOSE-1' });
    expect(res.status).toBe(422);
    const text = await res.text();
    expect(text).toContain(M.modelAmbiguous);
    expect(text).toContain('Беларус 82.1');
    expect(await t.db.selectFrom('parts_machine').select('id').where('serial_number', '=', 'CHOOSE-1').execute()).toEqual([]);
    // Picked with the radio (no scripts), beside the edit form's old model: the pick wins.
    const picked = await b.form('/profile/machines', { intent: 'add', modelId: String(models[0]!.id), modelTitle: models[0]!.name, modelChoice: String(models[1]!.id), modelQuery: 'Беларус', serial: 'CHOOSE-1' });
    expect(picked.status).toBe(302);
    expect(await t.db.selectFrom('parts_machine').select('model_id').where('serial_number', '=', 'CHOOSE-1').execute()).toEqual([{ model_id: models[1]!.id }]);
  });

  it('answers a bad form with 4xx and the messages per field, never a 500', async () => {
    const b = await signedIn();
    const empty = await b.form('/profile/machines.data', { intent: 'add', modelId: '', modelQuery: '', serial: '', year: '1900' });
    expect(empty.status).toBe(400);
    const text = await empty.text();
    for (const message of [M.modelRequired, M.serialRequired, M.year(new Date().getUTCFullYear() + 1)]) expect(text).toContain(message);
    const cases: [Record<string, string>, number][] = [
      [{ intent: 'add', modelId: '', modelQuery: '', serial: '' }, 400],
      [{ intent: 'add', modelId: 'abc', serial: 'A' }, 400],
      [{ intent: 'add', modelId: String(models[0]!.id), serial: 'A\u0000B' }, 400],
      [{ intent: 'add', modelId: String(models[0]!.id), serial: 'A'.repeat(50_000) }, 400],
      [{ intent: 'add', modelId: '', modelQuery: 'Несуществующая модель xyz', serial: 'A' }, 422],
      [{ intent: 'add', modelId: '999999999', serial: 'A' }, 404],
      [{ intent: 'update', id: 'abc', modelId: String(models[0]!.id), serial: 'A' }, 404],
      [{ intent: 'update', id: '999999999', modelId: String(models[0]!.id), serial: 'A' }, 404],
      [{ intent: 'delete', id: '99999999999999999999' }, 404],
      [{ intent: 'delete', id: '999999999' }, 404],
      [{ intent: 'explode' }, 400],
      [{}, 400],
    ];
    for (const [form, status] of cases) {
      // The page's data request (as the router's fetch makes it) gives the action's answer.
      const res = await b.form('/profile/machines.data', form);
      expect(res.status, JSON.stringify(form).slice(0, 80)).toBe(status);
    }
  });
});
