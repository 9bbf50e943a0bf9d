import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { createUser } from '#app/modules/auth/users.server.ts';
import { pageForEditing, publishPage } from '#app/modules/content/editing.server.ts';
import { testClient } from './test-client.ts';
import { startBuilt, stopBuilt } from './test-process.ts';

/*
 * Two server processes on one PostgreSQL database (ADR 070): this test's own process serves the
 * shop in-process (process A, where the change is written, as the back-office or an import would),
 * and a child process runs the production build (`node server/main.ts`, process B). Both keep the
 * model's price (its page and its JSON) before the change; after it, each shows the new price
 * within a second; a letter enqueued through A is sent by B's job runner. `npm test` builds before
 * Vitest runs, so the build is the code under test.
 */

const SECRET = 'two-processes-secret-two-processes-secret';

let t: TestDatabase;
let child: ChildProcess | undefined;
let origin = '';

async function startProcessB(databaseUrl: string): Promise<string> {
  const started = await startBuilt('server/main.ts', {
    NODE_ENV: 'test', DEMO: 'false', DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: '2', PORT: '0', HOST: '127.0.0.1', SESSION_SECRET: SECRET, LOG_LEVEL: 'info',
  }, (line) => /Магазин запущен: (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1]);
  child = started.child;
  return started.ready;
}

beforeAll(async () => {
  if (!process.env.DATABASE_URL) return;
  t = await createTestDatabase({ SESSION_SECRET: SECRET });
  origin = await startProcessB(t.services.config.DATABASE_URL!);
}, 60_000);

afterAll(async () => {
  await stopBuilt(child);
  await t?.destroy();
});

describe.runIf(Boolean(process.env.DATABASE_URL))('two server processes on one database', () => {
  it('a price changed through one process shows through the other within a second, on its kept page and in its JSON', async () => {
    await createUser(t.db, { name: 'Ирина', email: 'two-processes@agro.test', password: 'secret1', emailVerified: true });
    const a = testClient(t.services);
    expect((await a.post('/api/auth/authorize', { type: 'email', props: { email: 'two-processes@agro.test', password: 'secret1' } })).status).toBe(200);
    const cookie = [...a.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const onB = (path: string) => fetch(origin + path, { headers: { cookie, accept: 'text/html' } });

    // A model with a price at the visitor's branch, as process A shows it.
    const priced = await t.db.selectFrom('catalog_model_branch').select(['model_id', 'branch_id', 'price'])
      .where('price', 'is not', null).orderBy('model_id').executeTakeFirstOrThrow();
    const fromA = async () => (await (await a.get(`/models/get-model?id=${priced.model_id}`)).json()).model;
    const model = await fromA();
    const branchId: number = model.branch.id;
    const before = await t.db.selectFrom('catalog_model_branch').select('price').where('model_id', '=', priced.model_id).where('branch_id', '=', branchId).executeTakeFirstOrThrow();
    expect(before.price).not.toBeNull();
    expect(model.offer.price).toBe(before.price);

    // Process B keeps the page (the second visit is a hit) and the model, with the old price.
    const fromB = async () => (await (await onB(`/models/get-model?id=${priced.model_id}`)).json()).model;
    expect((await fromB()).offer.price).toBe(before.price);
    expect((await onB(model.link)).status).toBe(200);
    const kept = await onB(model.link);
    expect(kept.headers.get('x-page-cache')).toBe('hit');
    expect(await kept.text()).toContain(String(before.price));

    const NEW_PRICE = 987_654_321;
    await t.db.updateTable('catalog_model_branch').set({ price: NEW_PRICE }).where('model_id', '=', priced.model_id).where('branch_id', '=', branchId).execute();
    // Each read asked again until it shows the new price, for at most a second from the change.
    await Promise.all([
      expect.poll(async () => (await fromA()).offer.price, { timeout: 1_000, interval: 25 }).toBe(NEW_PRICE),
      expect.poll(async () => (await fromB()).offer.price, { timeout: 1_000, interval: 25 }).toBe(NEW_PRICE),
      expect.poll(async () => (await onB(model.link)).text(), { timeout: 1_000, interval: 25 }).toContain(String(NEW_PRICE)),
    ]);
  });

  it('a page an editor publishes through one process shows on the other\'s kept page within a second (ADR 081)', async () => {
    const onB = (path: string) => fetch(origin + path, { headers: { accept: 'text/html' } });
    expect((await onB('/servis')).status).toBe(200);
    const kept = await onB('/servis');
    expect(kept.headers.get('x-page-cache')).toBe('hit');
    const page = (await pageForEditing(t.services, 'servis'))!;
    expect(await kept.text()).not.toContain('Опубликовано в другом процессе');

    const editor = { userId: await createUser(t.db, { name: 'Редактор', email: 'two-processes-editor@agro.test', password: 'secret1', emailVerified: true }), name: 'Редактор' };
    expect(await publishPage(t.services, editor, 'servis', { ...page.live, lead: 'Опубликовано в другом процессе.' }, null)).toMatchObject({ ok: true });
    await expect.poll(async () => (await onB('/servis')).text(), { timeout: 1_000, interval: 25 }).toContain('Опубликовано в другом процессе.');
  });

  it('a letter enqueued through one process is sent by the other\'s job runner within moments (ADR 075)', async () => {
    // Process A runs no runner (tests run jobs by hand); process B's, started by server/main.ts, hears the enqueue.
    const a = testClient(t.services);
    const started = Date.now();
    const answer = await a.post('/api/feedback', { name: 'Пётр Полевой', phone: '+7 (912) 345-67-89', message: 'Письмо через другой процесс', acceptGDPR: true });
    expect(answer.status).toBe(200);
    const { id } = await t.db.selectFrom('content_feedback').select('id').where('message', '=', 'Письмо через другой процесс').executeTakeFirstOrThrow();
    const key = `content.feedback-letter:${id}`;
    await expect.poll(async () => (await t.db.selectFrom('job').select('state').where('key', '=', key).executeTakeFirstOrThrow()).state, { timeout: 2_000, interval: 10 }).toBe('done');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await t.db.selectFrom('auth_outbox').select('subject').where('idempotency_key', '=', key).execute()).toEqual([{ subject: `Написать нам: сообщение с сайта №${id} — Пётр Полевой` }]);
    expect(await t.db.selectFrom('content_feedback').select('delivery_state').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ delivery_state: 'sent' });
  });
});
