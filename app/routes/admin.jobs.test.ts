import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditFilter, listAudit } from '#app/.server/audit.ts';
import { createTestDatabase, type TestDatabase } from '#app/.server/db/test-database.ts';
import { enqueueMail } from '#app/.server/jobs/mail.ts';
import { createUser, setRole } from '#app/modules/auth/users.server.ts';
import { createApp } from '../../server/app.ts';
import { fakeServerBuild } from '../../server/test-build.ts';
import { testClient } from '../../server/test-client.ts';
import * as layout from './admin.layout.tsx';
import * as jobs from './admin.jobs.tsx';

/* /admin/jobs' action (ADR 075): a failed job is queued again by whoever holds 'jobs.manage', with its audit record. */

let t: TestDatabase;
beforeAll(async () => { t = await createTestDatabase(); }, 120_000);
afterAll(async () => { await t?.destroy(); });

const build = () => fakeServerBuild({ admin: { path: 'admin', module: layout }, 'routes/admin.jobs': { parentId: 'admin', path: 'jobs', module: jobs } });

async function client(role: 'administrator' | 'employee') {
  const email = `jobs-${role}@agro.test`;
  const id = await createUser(t.db, { name: `Проверка ${role}`, email, password: 'secret1', emailVerified: true });
  await setRole(t.db, id, role);
  const c = testClient(t.services, { app: createApp({ services: t.services, build: build() }) });
  expect((await c.post('/api/auth/authorize', { type: 'email', props: { email, password: 'secret1' } })).status).toBe(200);
  return c;
}

describe('/admin/jobs', () => {
  it('queues a failed job again for an administrator, audited; refuses an employee, a job not failed and a guessed id', async () => {
    const { id } = await enqueueMail(t.db, { to: 'farmer@agro.test', subject: 'Тест', text: 'Тест' }, { key: 'test.retry:1' });
    await t.db.updateTable('job').set({ state: 'failed', attempts: 12, last_error: 'SMTP 550' }).where('id', '=', id).execute();

    const employee = await client('employee');
    expect((await employee.form('/admin/jobs', { id: String(id) })).status).toBe(403);

    const admin = await client('administrator');
    const page = await admin.get('/admin/jobs.data?state=failed');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('SMTP 550');
    const retried = await admin.form('/admin/jobs', { id: String(id) });
    expect(retried.status).toBe(302);
    expect(await t.db.selectFrom('job').select(['state', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ state: 'queued', attempts: 0 });
    const audit = await listAudit(t.db, auditFilter.parse({ entity: 'job', entityId: String(id) }));
    expect(audit.rows.map((r) => [r.action, r.actorName])).toEqual([['job.retry', 'Проверка administrator']]);

    expect((await admin.form('/admin/jobs', { id: String(id) })).status).toBe(409);
    expect((await admin.form('/admin/jobs', { id: '999999999' })).status).toBe(404);
    expect((await admin.form('/admin/jobs', { id: 'x' })).status).toBe(404);
    // A malformed filter reads as none, with the reason shown.
    expect((await admin.get('/admin/jobs.data?state=nonsense')).status).toBe(200);
  });
});
