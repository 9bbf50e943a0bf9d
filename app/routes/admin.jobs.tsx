import { Form, data, redirect } from 'react-router';
import { recordAudit } from '#app/.server/audit.ts';
import { requestContext } from '#app/.server/context.ts';
import { jobCounts, listJobs, retryJob } from '#app/.server/jobs/admin.ts';
import { JOB_STATES, JOB_STATE_LABELS, jobListQuery } from '#app/.server/jobs/jobs.schema.ts';
import styles from '#app/components/backoffice/kit.module.css';
import { DataTable, type Column } from '#app/components/backoffice/DataTable.tsx';
import { Pager } from '#app/components/backoffice/Pager.tsx';
import { Toast } from '#app/components/backoffice/Toast.tsx';
import { Link } from '#app/components/ui/Link.tsx';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import type { Route } from './+types/admin.jobs';

export const handle: AdminHandle = { capability: 'jobs.manage' };

const PATH = '/admin/jobs';

/** Background jobs (ADR 075): by state, kind and key, newest first; a failed one can be tried again. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requireCapability(ctx, handle.capability);
  const parsed = jobListQuery.safeParse(Object.fromEntries(url.searchParams));
  const query = parsed.success ? parsed.data : jobListQuery.parse({});
  const [list, counts] = await Promise.all([listJobs(ctx.services.db, query), jobCounts(ctx.services.db)]);
  return data({
    ...list, counts, filter: { state: query.state ?? '', kind: query.kind ?? '', key: query.key ?? '' },
    refused: parsed.success ? null : parsed.error.issues[0]!.message, csrf: ctx.csrfToken, retried: url.searchParams.get('retried'),
    states: JOB_STATES.map((state) => ({ state, label: JOB_STATE_LABELS[state], count: counts[state] })),
  }, { headers: ADMIN_HEADERS });
}

/** 'Повторить': a failed job queued again, with its audit record in the same transaction. */
export async function action({ context, request }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const id = (await request.formData()).get('id');
  const outcome = await ctx.services.db.transaction().execute(async (trx) => {
    const result = await retryJob(trx, id);
    if (result.ok) await recordAudit(trx, { actor: staff, action: 'job.retry', entity: 'job', entityId: String(id), before: { state: 'failed' }, after: { state: 'queued' }, ip: ctx.ip });
    return result;
  });
  if (!outcome.ok) return data({ message: outcome.message }, { status: outcome.code === 'not_found' ? 404 : 409 });
  return redirect(`${PATH}?state=failed&retried=${encodeURIComponent(String(id))}`);
}

export const meta = () => adminMeta('Фоновые задания');

const when = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });

type JobRow = Route.ComponentProps['loaderData']['jobs'][number];

function columns(csrf: string): ReadonlyArray<Column<JobRow>> {
  return [
    { id: 'id', header: '№', primary: true, cell: (j) => j.id },
    { id: 'kind', header: 'Вид и ключ', cell: (j) => <>{j.kindLabel}<br /><span className={styles.muted}>{j.key}</span></> },
    { id: 'state', header: 'Состояние', cell: (j) => <span className={styles.tag}>{j.stateLabel}</span> },
    { id: 'attempts', header: 'Попытки', cell: (j) => `${j.attempts} из ${j.maxAttempts}` },
    {
      id: 'when', header: 'Когда', nowrap: true,
      cell: (j) => <>создано {when.format(new Date(j.createdAt))}<br /><span className={styles.muted}>{j.finishedAt ? `завершено ${when.format(new Date(j.finishedAt))}` : `запуск ${when.format(new Date(j.runAt))}`}</span></>,
    },
    {
      id: 'error', header: 'Ошибка',
      cell: (j) => (
        <>
          {j.lastError ? <span className={styles.muted} style={{ overflowWrap: 'anywhere' }}>{j.lastError.slice(0, 300)}</span> : '—'}
          {j.state === 'failed' ? (
            <Form method="post" style={{ marginTop: 6 }}>
              <input type="hidden" name="_csrf" value={csrf} />
              <input type="hidden" name="id" value={j.id} />
              <button type="submit" className="btn btn-secondary">Повторить</button>
            </Form>
          ) : null}
        </>
      ),
    },
  ];
}

export default function AdminJobs({ loaderData, actionData }: Route.ComponentProps) {
  const { jobs, page, pageSize, total, states, filter, refused, csrf, retried } = loaderData;
  const query = new URLSearchParams(Object.entries(filter).filter(([, v]) => v !== ''));
  return (
    <>
      <h1 className={styles.title}>Фоновые задания</h1>
      <p className={styles.lead}>Письма и SMS уходят заданиями: с повторами при ошибке. Задание с ошибкой после всех попыток можно повторить.</p>
      <nav aria-label="Состояния" className={styles.filters}>
        <Link to={PATH} aria-current={filter.state === '' ? 'page' : undefined}>Все</Link>
        {states.map((s) => (
          <Link key={s.state} to={`${PATH}?state=${s.state}`} aria-current={filter.state === s.state ? 'page' : undefined}>{s.label} ({s.count})</Link>
        ))}
      </nav>
      <Form method="get" className={styles.filters}>
        {filter.state ? <input type="hidden" name="state" value={filter.state} /> : null}
        <label>Вид<input name="kind" defaultValue={filter.kind} placeholder="mail.send" maxLength={100} /></label>
        <label>Ключ начинается с<input name="key" defaultValue={filter.key} placeholder="orders.mail:" maxLength={200} /></label>
        <button type="submit" className="btn btn-secondary">Показать</button>
      </Form>
      {refused ? <p className={styles.error} role="alert">{refused}</p> : null}
      {actionData?.message ? <p className={styles.error} role="alert">{actionData.message}</p> : null}
      {/* The retry answers with a redirect to the failed jobs (the list changes), so its message comes with the page's data. */}
      <Toast message={retried && !actionData ? `Задание № ${retried} снова в очереди` : null} token={loaderData} />
      <DataTable caption="Фоновые задания" columns={columns(csrf)} rows={jobs} rowKey={(j) => j.id} rowTestId="job-row" empty="Заданий нет." />
      <Pager path={PATH} query={query} page={page} hasNext={page * pageSize < total} label="Страницы заданий" />
    </>
  );
}
