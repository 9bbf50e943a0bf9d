import { Form, data, redirect, useNavigation } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import styles from '#app/components/backoffice/kit.module.css';
import { Toast } from '#app/components/backoffice/Toast.tsx';
import { Link } from '#app/components/ui/Link.tsx';
import { ADMIN_HEADERS, adminMeta } from '#app/layout/admin-sections.ts';
import { formatBytes } from '#app/lib/bytes.ts';
import { FILE_SOURCE_LABELS, FILE_STATE_LABELS, INTAKE_MESSAGES } from '#app/modules/suppliers/pricelist/intake.schema.ts';
import { fileOf, positionsOf } from '#app/modules/suppliers/pricelist/intake.server.ts';
import { columnLetter } from '#app/modules/suppliers/pricelist/columns.rules.ts';
import { FIELD_LABELS, PRICE_LIST_FIELDS, REQUIRED_FIELDS } from '#app/modules/suppliers/pricelist/pricelist.constants.ts';
import { confirmColumns, publishHeld } from '#app/modules/suppliers/pricelist/process.server.ts';
import { reportView } from '#app/modules/suppliers/pricelist/report.rules.ts';
import { supplierScope } from '#app/modules/suppliers/suppliers.server.ts';
import type { Route } from './+types/suppliers.files.$id';

/** A price list's summary (spec §2 `/suppliers/files/{id}`): its state, counts and report; a held list is published here. */
async function scopedFile(context: Route.LoaderArgs['context'], id: string) {
  const ctx = context.get(requestContext);
  const { staff, organisation } = await supplierScope(ctx);
  const file = organisation && /^[1-9][0-9]{0,9}$/.test(id) ? await fileOf(ctx.services.db, organisation.id, Number(id)) : null;
  // Another organisation's file, or none: the same 404.
  if (!organisation || !file) throw data(INTAKE_MESSAGES.notFound, { status: 404 });
  return { ctx, staff, organisation, file };
}

const NOTICES: Record<string, string> = { published: INTAKE_MESSAGES.published, columns: 'Колонки сохранены: прайс-лист читается заново' };

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const { ctx, organisation, file } = await scopedFile(context, params.id);
  const done = url.searchParams.get('done') ?? '';
  // The first rows as they will be published: what the supplier checks before confirming.
  const preview = file.state === 'held' || file.state === 'published' ? (await positionsOf(ctx.services.db, organisation.id, file.id, { page: 1, q: undefined }))!.positions.slice(0, 10) : [];
  return data({ file, report: reportView(file.report), preview, csrf: ctx.csrfToken, notice: NOTICES[done] ?? null }, { headers: ADMIN_HEADERS });
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { ctx, staff, organisation, file } = await scopedFile(context, params.id);
  const form = await request.formData();
  if (form.get('intent') === 'columns') {
    const chosen = Object.fromEntries(PRICE_LIST_FIELDS.flatMap((f) => {
      const v = String(form.get(`column_${f}`) ?? '');
      return /^[0-9]{1,3}$/.test(v) ? [[f, Number(v)]] : [];
    }));
    const saved = await confirmColumns(ctx.services.db, staff, organisation.id, file.id, chosen);
    if (!saved.ok) return data({ error: saved.message }, { status: 409 });
    return redirect(`/suppliers/files/${file.id}?done=columns`);
  }
  if (form.get('intent') !== 'publish') return data({ error: INTAKE_MESSAGES.notFound }, { status: 400 });
  const outcome = await publishHeld(ctx.services.db, staff, organisation.id, file.id);
  if (outcome.ok) return redirect(`/suppliers/files/${file.id}?done=published`);
  const message = outcome.reason === 'already_published' ? INTAKE_MESSAGES.alreadyPublished : outcome.reason === 'failed' ? INTAKE_MESSAGES.failed : INTAKE_MESSAGES.notFound;
  return data({ error: message }, { status: 409 });
}

export const meta = ({ loaderData }: Route.MetaArgs) => adminMeta(loaderData ? `${loaderData.file.name} — прайс-лист` : 'Прайс-лист');

const dateTime = (iso: string) => new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Moscow' }).format(new Date(iso));

export default function SupplierFile({ loaderData, actionData }: Route.ComponentProps) {
  const { file, report, preview, csrf, notice } = loaderData;
  const mapping = report.mapping;
  const changeable = file.state === 'held' || file.state === 'failed';
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
            <p style={{ marginTop: 0 }}>Прайс-лист ждёт подтверждения. Проверьте отчёт и позиции.</p>
            {report.held.length ? <ul data-testid="held-reasons">{report.held.map((r) => <li key={r}>{r}</li>)}</ul> : null}
            <button type="submit" className="btn btn-brand" disabled={busy}>Подтвердить и опубликовать</button>
          </Form>
        ) : null}
      </div>
      {mapping && changeable ? (
        <section className={styles.card} style={{ marginTop: 16 }} aria-labelledby="columns">
          <h2 id="columns" style={{ marginTop: 0 }}>Колонки</h2>
          <p className={styles.muted} style={{ marginTop: 0 }}>
            {mapping.fromTemplate ? 'Прочитано по сохранённому шаблону колонок.' : 'Колонки найдены по заголовкам. Проверьте их: подтверждённые колонки сохранятся для следующих прайс-листов.'}
          </p>
          <Form method="post">
            <input type="hidden" name="_csrf" value={csrf} />
            <input type="hidden" name="intent" value="columns" />
            <div className={styles.grid}>
              {PRICE_LIST_FIELDS.map((field) => (
                <label key={field} style={{ display: 'grid', gap: 4 }}>
                  {FIELD_LABELS[field]}{REQUIRED_FIELDS.includes(field) ? ' *' : ''}
                  <select name={`column_${field}`} defaultValue={mapping.columns[field] ?? ''} data-testid={`column-${field}`}>
                    <option value="">— нет —</option>
                    {Array.from({ length: Math.max(mapping.headers.length, ...Object.values(mapping.columns).map((i) => i + 1)) }, (_, i) => (
                      <option key={i} value={i}>{columnLetter(i)}{mapping.headers[i] ? `: ${mapping.headers[i]}` : ''}</option>
                    ))}
                  </select>
                </label>
              ))}
            </div>
            <button type="submit" className="btn btn-secondary" disabled={busy} style={{ marginTop: 12 }}>Сохранить колонки и прочитать заново</button>
          </Form>
        </section>
      ) : null}
      {preview.length ? (
        <section className={styles.card} style={{ marginTop: 16 }} aria-labelledby="preview">
          <h2 id="preview" style={{ marginTop: 0 }}>Первые строки</h2>
          <div style={{ overflowX: 'auto' }}>
            <table data-testid="file-preview" style={{ borderCollapse: 'collapse', width: '100%', minWidth: 640, fontSize: 'var(--text-s)' }}>
              <thead><tr>{['Строка', 'Код', 'Бренд', 'Наименование', 'Цена', 'Остаток', 'Деталь каталога'].map((h) => <th key={h} style={{ textAlign: 'left', padding: '4px 8px' }}>{h}</th>)}</tr></thead>
              <tbody>
                {preview.map((p) => (
                  <tr key={p.rowNumber}>
                    <td style={{ padding: '4px 8px' }}>{p.rowNumber}</td>
                    <td style={{ padding: '4px 8px', whiteSpace: 'nowrap' }}>{p.code || '—'}</td>
                    <td style={{ padding: '4px 8px' }}>{p.brand || '—'}</td>
                    <td style={{ padding: '4px 8px' }}>{p.name || '—'}</td>
                    <td style={{ padding: '4px 8px', whiteSpace: 'nowrap' }}>{p.price === null ? '—' : `${(p.price / 100).toLocaleString('ru-RU', { minimumFractionDigits: 2 })} ${p.currency ?? ''}`}</td>
                    <td style={{ padding: '4px 8px' }}>{p.stock ?? '—'}</td>
                    <td style={{ padding: '4px 8px' }}>{p.part ? p.part.code : 'не сопоставлена'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
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
