import { Form, data, useNavigation } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import styles from '#app/components/backoffice/kit.module.css';
import { Toast } from '#app/components/backoffice/Toast.tsx';
import { Link } from '#app/components/ui/Link.tsx';
import { formatPhoneDisplay } from '#app/lib/phone.ts';
import { parseStrictInt } from '#app/lib/strict-number.ts';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { APPLICATION_MOVES, APPLICATION_MOVE_LABELS } from '#app/modules/vacancies/vacancies.rules.ts';
import { APPLICATION_STATUS_LABELS, VACANCY_MESSAGES, applicationStatusInput } from '#app/modules/vacancies/vacancies.schema.ts';
import { applicationFor } from '#app/modules/vacancies/vacancies.server.ts';
import { changeApplicationStatus } from '#app/modules/vacancies/vacancies-editing.server.ts';
import type { Route } from './+types/admin.vacancies.applications.$id';

export const handle: AdminHandle = { capability: 'vacancies.applications' };

const when = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

function applicationId(raw: string): number {
  const id = parseStrictInt(raw, { min: 1 });
  if (id === null) throw data(null, { status: 404 });
  return id;
}

/** `/admin/vacancies/applications/{id}`: one application of HR's branch (another branch's is a 404), its CV and the moves. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const application = await applicationFor(ctx.services, { branchId: staff.branchId }, applicationId(params.id));
  if (!application) throw data(null, { status: 404 });
  return data({ application, csrf: ctx.csrfToken }, { headers: ADMIN_HEADERS });
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const id = applicationId(params.id);
  const form = await request.formData().catch(() => null);
  const parsed = applicationStatusInput.safeParse({ status: form?.get('status'), from: form?.get('from') });
  if (!parsed.success) return data({ message: VACANCY_MESSAGES.statusRefused }, { status: 400 });
  const outcome = await changeApplicationStatus(ctx.services, { userId: staff.userId, name: staff.name, branchId: staff.branchId }, id, parsed.data, ctx.ip);
  if (!outcome.ok && outcome.code === 'not_found') throw data(null, { status: 404 });
  if (!outcome.ok) return data({ message: outcome.message }, { status: 409 });
  return data({ toast: VACANCY_MESSAGES.statusChanged });
}

export const meta: Route.MetaFunction = ({ loaderData: d }) => adminMeta(d ? `Отклик № ${d.application.id}` : VACANCY_MESSAGES.applicationNotFound);

const sizeLabel = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} МБ` : `${Math.max(1, Math.round(bytes / 1024))} КБ`);

export default function AdminApplication({ loaderData, actionData }: Route.ComponentProps) {
  const { application: a, csrf } = loaderData;
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <p><Link to="/admin/vacancies/applications">← Отклики на вакансии</Link></p>
      <h1 className={styles.title}>Отклик № {a.id}: {a.vacancy.title}</h1>
      <p className={styles.lead}>
        <span className={styles.tag} data-testid="application-status">{APPLICATION_STATUS_LABELS[a.status]}</span>{' '}
        Получен {when.format(new Date(a.createdAt))} · филиал «{a.branch.name}»
        {a.vacancy.link ? <> · <Link to={a.vacancy.link}>Вакансия на сайте</Link></> : null}
        {' · '}<Link to={`/admin/audit?entity=vacancy_application&entityId=${a.id}`}>История изменений</Link>
      </p>
      <Toast message={actionData && 'toast' in actionData ? actionData.toast : null} token={actionData} />
      {actionData && 'message' in actionData ? <p className={styles.error} role="alert">{actionData.message}</p> : null}
      <dl className={styles.card} data-testid="application">
        <dt>Соискатель</dt><dd>{a.name}</dd>
        <dt>Телефон</dt><dd><a href={`tel:+${a.phone}`}>{formatPhoneDisplay(a.phone)}</a></dd>
        <dt>E-mail</dt><dd>{a.email ? <a href={`mailto:${a.email}`}>{a.email}</a> : '—'}</dd>
        <dt>Сопроводительное письмо</dt><dd style={{ whiteSpace: 'pre-line' }}>{a.message || '—'}</dd>
        <dt>Резюме</dt>
        <dd><a href={`/admin/vacancies/applications/${a.id}/cv`} download>Скачать резюме «{a.cv.name}»</a> ({sizeLabel(a.cv.size)})</dd>
        <dt>Письмо в филиал</dt><dd>{a.deliveryState === 'sent' ? 'Отправлено' : a.deliveryState === 'failed' ? 'Не доставлено' : 'Отправляется'}</dd>
      </dl>
      <div className={styles.filters} style={{ marginTop: 16 }}>
        {APPLICATION_MOVES[a.status].map((to) => (
          <Form method="post" key={to}>
            <input type="hidden" name="_csrf" value={csrf} />
            <input type="hidden" name="from" value={a.status} />
            <input type="hidden" name="status" value={to} />
            <button type="submit" className={to === 'rejected' ? 'btn btn-secondary' : 'btn btn-brand'} disabled={busy}>{APPLICATION_MOVE_LABELS[to]}</button>
          </Form>
        ))}
      </div>
    </>
  );
}
