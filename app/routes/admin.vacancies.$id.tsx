import { Form, data, redirect, useLocation, useNavigation } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { editorHistory } from '#app/.server/content-versions.ts';
import { EditorField, editorStyles } from '#app/components/backoffice/editor.tsx';
import styles from '#app/components/backoffice/kit.module.css';
import { Toast } from '#app/components/backoffice/Toast.tsx';
import { VersionHistory } from '#app/components/backoffice/VersionHistory.tsx';
import { firstIssueByField } from '#app/components/forms/form.rules.ts';
import { Link } from '#app/components/ui/Link.tsx';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { EMPLOYMENTS, EMPLOYMENT_LABELS, VACANCY_MESSAGES, VACANCY_STATUS_LABELS, vacancyInput, vacancyIntent } from '#app/modules/vacancies/vacancies.schema.ts';
import {
  compareVacancyVersions, parseVacancyId, restoreVacancyVersion, saveVacancy, vacancyForEditing, vacancyFormChoices, vacancyVersions, type VacancyFormValues,
} from '#app/modules/vacancies/vacancies-editing.server.ts';
import type { Route } from './+types/admin.vacancies.$id';

export const handle: AdminHandle = { capability: 'vacancies.edit' };

const LIST = '/admin/vacancies';
const NOTICES = { saved: VACANCY_MESSAGES.saved, published: VACANCY_MESSAGES.published, scheduled: VACANCY_MESSAGES.scheduled, unpublished: VACANCY_MESSAGES.unpublished } as const;
const FIELDS = [
  'branchId', 'directionId', 'title', 'slug', 'city', 'lead', 'salaryFrom', 'salaryTo', 'employment', 'schedule', 'duties', 'requirements', 'conditions', 'publishedAt', 'validThrough',
] as const satisfies ReadonlyArray<keyof VacancyFormValues>;

function idOf(raw: string | undefined) {
  const id = parseVacancyId(raw);
  if (id === null) throw data(null, { status: 404 });
  return id;
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requireCapability(ctx, handle.capability);
  const [vacancy, choices] = await Promise.all([vacancyForEditing(ctx.services, idOf(params.id)), vacancyFormChoices(ctx.services)]);
  if (!vacancy) throw data(null, { status: 404 });
  // 'История' (ADR 100): the versions, and two of them compared when asked; a number the vacancy does not have is 404.
  const { versions, comparison } = await editorHistory(url, vacancy.id === 'new' ? null : vacancy.id, {
    list: (id) => vacancyVersions(ctx.services, id), compare: (id, a, b) => compareVacancyVersions(ctx.services, id, a, b),
  });
  const done = url.searchParams.get('done');
  const restored = Number(url.searchParams.get('restored'));
  const notice = restored > 0 ? VACANCY_MESSAGES.restored(restored) : done && done in NOTICES ? NOTICES[done as keyof typeof NOTICES] : null;
  return data({ vacancy, choices, csrf: ctx.csrfToken, notice, versions, comparison }, { headers: ADMIN_HEADERS });
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const id = idOf(params.id);
  const form = await request.formData().catch(() => null);
  if (!form) return data({ errors: { title: 'Не удалось прочитать форму. Обновите страницу' } as Record<string, string>, values: null }, { status: 400 });
  const one = (k: string) => { const v = form.get(k); return typeof v === 'string' ? v : ''; };
  if (one('intent') === 'restore') {
    const version = Number(one('version'));
    if (id === 'new' || !Number.isInteger(version) || version < 1) throw data(null, { status: 404 });
    const restored = await restoreVacancyVersion(ctx.services, { userId: staff.userId, name: staff.name }, id, version, ctx.ip);
    if (!restored.ok && restored.code === 'not_found') throw data(null, { status: 404 });
    if (!restored.ok) return data({ errors: { version: restored.code === 'unfit' ? restored.message : Object.values(restored.errors).join(' ') } as Record<string, string>, values: null }, { status: 409 });
    return redirect(`${LIST}/${id}?restored=${version}`);
  }
  const values = Object.fromEntries(FIELDS.map((k) => [k, one(k)])) as unknown as VacancyFormValues;
  const parsed = vacancyInput.safeParse(values);
  if (!parsed.success) return data({ errors: firstIssueByField(parsed.error.issues), values }, { status: 400 });
  const intent = vacancyIntent.parse(one('intent'));
  const saved = await saveVacancy(ctx.services, { userId: staff.userId, name: staff.name }, id, parsed.data, intent, ctx.ip);
  if (!saved.ok && saved.code === 'not_found') throw data(null, { status: 404 });
  if (!saved.ok) return data({ errors: saved.errors, values }, { status: 400 });
  const done = intent === 'unpublish' ? 'unpublished' : saved.state === 'published' ? 'published' : saved.state === 'scheduled' ? 'scheduled' : 'saved';
  return redirect(`${LIST}/${saved.id}?done=${done}`);
}

export const meta: Route.MetaFunction = ({ loaderData: d }) =>
  adminMeta(d ? (d.vacancy.id === 'new' ? 'Новая вакансия' : `Вакансия «${d.vacancy.values.title}»`) : VACANCY_MESSAGES.notFound);

export default function AdminVacancy({ loaderData, actionData }: Route.ComponentProps) {
  const { vacancy, choices, csrf, notice, versions, comparison } = loaderData;
  const location = useLocation();
  const busy = useNavigation().state === 'submitting';
  const v: VacancyFormValues = actionData?.values ?? vacancy.values;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const isNew = vacancy.id === 'new';
  const published = vacancy.state === 'published' || vacancy.state === 'scheduled';
  const select = (name: 'branchId' | 'directionId' | 'employment', label: string, options: ReadonlyArray<{ value: string; label: string }>) => (
    <div className={editorStyles.field} data-field={name}>
      <label className={editorStyles.label} htmlFor={`field-${name}`}>{label}</label>
      <select id={`field-${name}`} name={name} defaultValue={v[name]} className={editorStyles.input}>
        {name === 'branchId' && !v.branchId ? <option value="">Выберите филиал</option> : null}
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
      {errors[name] ? <p className={editorStyles.fieldError}>{errors[name]}</p> : null}
    </div>
  );
  return (
    <>
      <p><Link to={LIST}>← Вакансии</Link></p>
      <h1 className={styles.title}>{isNew ? 'Новая вакансия' : vacancy.values.title}</h1>
      <p className={styles.lead} data-testid="vacancy-state">
        {vacancy.state ? <>{VACANCY_STATUS_LABELS[vacancy.state]} · </> : 'Вакансия станет видна посетителям после публикации. '}
        {vacancy.link ? <><Link to={vacancy.link}>Открыть на сайте</Link> · </> : null}
        {isNew ? null : <Link to={`/admin/audit?entity=vacancy&entityId=${vacancy.id}`}>История изменений</Link>}
      </p>
      <Toast message={actionData ? null : notice} token={loaderData} />
      {actionData?.errors.version ? <p className={styles.error} role="alert">{actionData.errors.version}</p>
        : actionData ? <p className={styles.error} role="alert">Проверьте поля формы: ничего не сохранено.</p> : null}
      <Form method="post" className={editorStyles.form} key={`${vacancy.id}|${vacancy.values.slug}|${notice ?? ''}|${location.search}`}>
        <input type="hidden" name="_csrf" value={csrf} />
        <div className={editorStyles.row}>
          {select('branchId', 'Филиал', choices.branches.map((b) => ({ value: String(b.id), label: b.name === b.city ? b.name : `${b.name} (${b.city})` })))}
          {select('directionId', 'Направление', choices.directions.map((d) => ({ value: String(d.id), label: d.name })))}
        </div>
        <EditorField name="title" label="Название" value={v.title} error={errors.title} maxLength={160} required />
        <div className={editorStyles.row}>
          <EditorField name="slug" label="Адрес" value={v.slug} error={errors.slug} maxLength={120} hint="Пусто — составится из названия латиницей" />
          <EditorField name="city" label="Город" value={v.city} error={errors.city} maxLength={80} hint="Пусто — город филиала" />
        </div>
        <EditorField name="lead" label="Коротко о вакансии" value={v.lead} error={errors.lead} rows={2} maxLength={600} />
        <div className={editorStyles.row}>
          <EditorField name="salaryFrom" label="Зарплата от" value={v.salaryFrom} error={errors.salaryFrom} inputMode="numeric" hint="Целым числом в валюте филиала; пусто — не указывать" />
          <EditorField name="salaryTo" label="Зарплата до" value={v.salaryTo} error={errors.salaryTo} inputMode="numeric" />
        </div>
        <div className={editorStyles.row}>
          {select('employment', 'Занятость', EMPLOYMENTS.map((e) => ({ value: e, label: EMPLOYMENT_LABELS[e] })))}
          <EditorField name="schedule" label="График" value={v.schedule} error={errors.schedule} maxLength={120} hint="Например: 5/2, 08:00–17:00" />
        </div>
        <EditorField name="duties" label="Обязанности" value={v.duties} error={errors.duties} rows={5} hint="Каждый пункт с новой строки" />
        <EditorField name="requirements" label="Требования" value={v.requirements} error={errors.requirements} rows={5} hint="Каждый пункт с новой строки" />
        <EditorField name="conditions" label="Условия" value={v.conditions} error={errors.conditions} rows={5} hint="Каждый пункт с новой строки" />
        <div className={editorStyles.row}>
          <EditorField name="publishedAt" label="Дата и время публикации (МСК)" value={v.publishedAt} error={errors.publishedAt} type="datetime-local"
            hint="Пусто — в момент публикации; дата в будущем — вакансия появится в это время" />
          <EditorField name="validThrough" label="Актуальна до" value={v.validThrough} error={errors.validThrough} type="date" hint="Необязательно" />
        </div>
        <div className={editorStyles.actions}>
          <button type="submit" name="intent" value="publish" className="btn btn-brand" disabled={busy}>{published ? 'Сохранить и оставить опубликованной' : 'Опубликовать'}</button>
          <button type="submit" name="intent" value="save" className="btn btn-secondary" disabled={busy}>{published ? 'Сохранить' : 'Сохранить черновик'}</button>
          {published ? <button type="submit" name="intent" value="unpublish" className="btn btn-secondary" disabled={busy}>Снять с публикации</button> : null}
        </div>
      </Form>
      {isNew ? null : <VersionHistory path={`${LIST}/${vacancy.id}`} versions={versions} comparison={comparison} csrf={csrf} />}
    </>
  );
}
