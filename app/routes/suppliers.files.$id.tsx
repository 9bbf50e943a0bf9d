import { Form, data, redirect, useNavigation } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import styles from '#app/components/backoffice/kit.module.css';
import { Toast } from '#app/components/backoffice/Toast.tsx';
import { Link } from '#app/components/ui/Link.tsx';
import { ADMIN_HEADERS, adminMeta } from '#app/layout/admin-sections.ts';
import { formatBytes } from '#app/lib/bytes.ts';
import { FILE_SOURCE_LABELS, FILE_STATE_LABELS, INTAKE_MESSAGES } from '#app/modules/suppliers/pricelist/intake.schema.ts';
import { fileOf, publishFile } from '#app/modules/suppliers/pricelist/intake.server.ts';
import { reportView } from '#app/modules/suppliers/pricelist/report.rules.ts';
import { supplierScope } from '#app/modules/suppliers/suppliers.server.ts';
import type { Route } from './+types/suppliers.files.$id';

/** A price list's summary (spec §2 `/suppliers/files/{id}`): its state, counts and report; a held list is published here. */
async function scopedFile(context: Route.LoaderArgs['context'], id: string) {
  const ctx = context.get(requestContext);
  const { organisation } = await supplierScope(ctx);
  const file = organisation && /^[1-9][0-9]{0,9}$/.test(id) ? await fileOf(ctx.services.db, organisation.id, Number(id)) : null;
  // Another organisation's file, or none: the same 404.
  if (!organisation || !file) throw data(INTAKE_MESSAGES.notFound, { status: 404 });
  return { ctx, organisation, file };
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const { ctx, file } = await scopedFile(context, params.id);
  const done = url.searchParams.get('done');
  return data({ file, report: reportView(file.report), csrf: ctx.csrfToken, notice: done === 'published' ? INTAKE_MESSAGES.published : null }, { headers: ADMIN_HEADERS });
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { ctx, organisation, file } = await scopedFile(context, params.id);
  const form = await request.formData();
  if (form.get('intent') !== 'publish') return data({ error: INTAKE_MESSAGES.notFound }, { status: 400 });
  const outcome = await publishFile(ctx.services.db, organisation.id, file.id);
  if (outcome.ok) return redirect(`/suppliers/files/${file.id}?done=published`);
  const message = outcome.reason === 'already_published' ? INTAKE_MESSAGES.alreadyPublished : outcome.reason === 'failed' ? INTAKE_MESSAGES.failed : INTAKE_MESSAGES.notFound;
  return data({ error: message }, { status: 409 });
}

export const meta = ({ loaderData }: Route.MetaArgs) => adminMeta(loaderData ? `${loaderData.file.name} — прайс-лист` : 'Прайс-лист');

const dateTime = (iso: string) => new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Moscow' }).format(new Date(iso));

export default function SupplierFile({ loaderData, actionData }: Route.ComponentProps) {
  const { file, report, csrf, notice } = loaderData;
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <p><Link to="/suppliers/files">← Прайс-листы</Link></p>
      <h1 className={styles.title} style={{ overflowWrap: 'anywhere' }}>{file.name}</h1>
      <p className={styles.lead}>
        {FILE_SOURCE_LABELS[file.source]} · {dateTime(file.createdAt)} · {formatBytes(file.sizeBytes)} · {file.kind === 'full' ? 'полный прайс-лист' : 'изменения (дельта)'}
      </p>
      <Toast message={!actionData ? notice : null} token={loaderData} />
      {actionData?.error ? <p className={styles.error} role="alert">{actionData.error}</p> : null}
      <div className={styles.card} data-testid="file-summary">
        <dl className={styles.grid} style={{ margin: 0 }}>
          <div><dt className={styles.muted}>Состояние</dt><dd style={{ margin: 0 }} data-testid="file-state">{FILE_STATE_LABELS[file.state]}</dd></div>
          <div><dt className={styles.muted}>Строк</dt><dd style={{ margin: 0 }}>{file.rowsTotal.toLocaleString('ru-RU')}</dd></div>
          <div><dt className={styles.muted}>Сопоставлено с каталогом</dt><dd style={{ margin: 0 }}>{file.rowsMatched.toLocaleString('ru-RU')}</dd></div>
          <div><dt className={styles.muted}>С ошибками</dt><dd style={{ margin: 0 }}>{file.rowsBad.toLocaleString('ru-RU')}</dd></div>
          {file.publishedAt ? <div><dt className={styles.muted}>Опубликован</dt><dd style={{ margin: 0 }}>{dateTime(file.publishedAt)}</dd></div> : null}
        </dl>
        {file.state === 'held' ? (
          <Form method="post" style={{ marginTop: 16 }}>
            <input type="hidden" name="_csrf" value={csrf} />
            <input type="hidden" name="intent" value="publish" />
            <p style={{ marginTop: 0 }}>{report.held.length ? <>Прайс-лист ждёт подтверждения: {report.held.join('; ')}.</> : 'Прайс-лист ждёт подтверждения.'} Проверьте отчёт и позиции.</p>
            <button type="submit" className="btn btn-brand" disabled={busy}>Подтвердить и опубликовать</button>
          </Form>
        ) : null}
      </div>
      <section className={styles.card} style={{ marginTop: 16 }} aria-labelledby="report">
        <h2 id="report" style={{ marginTop: 0 }}>Отчёт проверки</h2>
        {report.lines.length ? (
          <ul data-testid="file-report">
            {report.lines.map((l) => <li key={l.code}>{l.label}{l.count !== undefined ? `: ${l.count.toLocaleString('ru-RU')}` : ''}{l.detail ? ` (${l.detail})` : ''}</li>)}
          </ul>
        ) : <p className={styles.muted} style={{ marginBottom: 0 }}>{file.state === 'processing' || file.state === 'received' ? 'Файл ещё обрабатывается: обновите страницу через минуту.' : 'Ошибок не найдено.'}</p>}
        <p style={{ marginBottom: 0 }}>
          <Link to={`/suppliers/files/${file.id}/positions`}>Все позиции</Link>{' · '}
          <Link to={`/suppliers/files/${file.id}/positions?show=unmatched`}>Не сопоставленные</Link>{' · '}
          <Link to={`/suppliers/files/${file.id}/positions?show=problems`}>С ошибками</Link>{' · '}
          <Link to={`/suppliers/processing-logs/${file.id}`}>Журнал обработки</Link>
        </p>
      </section>
    </>
  );
}
