import { Form, data, redirect, useLocation, useNavigation } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import { editorHistory } from '#app/.server/content-versions.ts';
import { EditorField, Preview, editorStyles } from '#app/components/backoffice/editor.tsx';
import styles from '#app/components/backoffice/kit.module.css';
import { Toast } from '#app/components/backoffice/Toast.tsx';
import { VersionHistory } from '#app/components/backoffice/VersionHistory.tsx';
import { firstIssueByField } from '#app/components/forms/form.rules.ts';
import { Link } from '#app/components/ui/Link.tsx';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { QUESTIONNAIRE_PATH } from '#app/modules/questionnaires/questionnaires.constants.ts';
import { QUESTIONNAIRE_MESSAGES, parseModelJson, questionnaireInput, questionnaireIntent, type QuestionnaireModel } from '#app/modules/questionnaires/questionnaires.schema.ts';
import {
  compareQuestionnaireVersions, parseEditId, questionnaireForEditing, questionnaireVersions, restoreQuestionnaireVersion, saveQuestionnaire, type QuestionnaireFormValues,
} from '#app/modules/questionnaires/questionnaires.server.ts';
import { QuestionnaireForm } from '#app/modules/questionnaires/ui/QuestionnaireForm.tsx';
import qStyles from '#app/modules/questionnaires/ui/Questionnaire.module.css';
import type { Route } from './+types/admin.questionnaires.$id';

export const handle: AdminHandle = { capability: 'questionnaires.manage' };

const LIST = '/admin/questionnaires';
const NOTICES = { saved: QUESTIONNAIRE_MESSAGES.saved, published: QUESTIONNAIRE_MESSAGES.published, unpublished: QUESTIONNAIRE_MESSAGES.unpublished } as const;

function idOf(raw: string | undefined) {
  const id = parseEditId(raw);
  if (id === null) throw data(null, { status: 404 });
  return id;
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requireCapability(ctx, handle.capability);
  const questionnaire = await questionnaireForEditing(ctx.services, idOf(params.id));
  if (!questionnaire) throw data(null, { status: 404 });
  // 'История' (ADR 100): the versions, and two of them compared when asked; a number the questionnaire does not have is 404.
  const { versions, comparison } = await editorHistory(url, questionnaire.id === 'new' ? null : questionnaire.id, {
    list: (id) => questionnaireVersions(ctx.services, id), compare: (id, a, b) => compareQuestionnaireVersions(ctx.services, id, a, b),
  });
  const done = url.searchParams.get('done');
  const restored = Number(url.searchParams.get('restored'));
  const notice = restored > 0 ? QUESTIONNAIRE_MESSAGES.restored(restored) : done && done in NOTICES ? NOTICES[done as keyof typeof NOTICES] : null;
  return data({ questionnaire, csrf: ctx.csrfToken, notice, versions, comparison }, { headers: ADMIN_HEADERS });
}

interface Refused { values: QuestionnaireFormValues; errors: Record<string, string>; problems: string[]; preview: QuestionnaireModel | null }

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const staff = await requireCapability(ctx, handle.capability);
  const id = idOf(params.id);
  const form = await request.formData();
  const one = (k: string) => { const v = form.get(k); return typeof v === 'string' ? v : ''; };
  if (one('intent') === 'restore') {
    const version = Number(one('version'));
    if (id === 'new' || !Number.isInteger(version) || version < 1) throw data(null, { status: 404 });
    const restored = await restoreQuestionnaireVersion(ctx.services, { userId: staff.userId, name: staff.name }, id, version, ctx.ip);
    if (!restored.ok && restored.code === 'not_found') throw data(null, { status: 404 });
    if (!restored.ok) {
      const message = restored.code === 'unfit' ? restored.message : restored.problems.join(' ');
      return data<Refused>({ values: (await questionnaireForEditing(ctx.services, id))!.values, errors: { version: message }, problems: [], preview: null }, { status: 409 });
    }
    return redirect(`${LIST}/${id}?restored=${version}`);
  }
  const values: QuestionnaireFormValues = { title: one('title'), intro: one('intro'), thanks: one('thanks'), modelJson: one('modelJson') };
  const intent = questionnaireIntent.parse(one('intent'));
  const parsed = questionnaireInput.safeParse(values);
  const checked = parseModelJson(values.modelJson);
  const problems = checked.ok ? [] : checked.problems;
  const errors: Record<string, string> = parsed.success ? {} : firstIssueByField(parsed.error.issues);
  if (problems[0]) errors.modelJson = problems[0];
  // 'Показать': the model checked and shown as visitors would see it; nothing is saved.
  if (intent === 'preview' || !parsed.success || !checked.ok) {
    const refused = !parsed.success || !checked.ok;
    return data<Refused>({ values, errors, problems, preview: checked.ok ? checked.model : null }, { status: refused ? 400 : 200 });
  }
  const saved = await saveQuestionnaire(ctx.services, { userId: staff.userId, name: staff.name }, id, parsed.data, intent, ctx.ip);
  if (!saved.ok && saved.code === 'not_found') throw data(null, { status: 404 });
  if (!saved.ok) return data<Refused>({ values, errors: saved.errors, problems: saved.problems, preview: null }, { status: 400 });
  const done = intent === 'publish' ? 'published' : intent === 'unpublish' ? 'unpublished' : 'saved';
  return redirect(`${LIST}/${saved.id}?done=${done}`);
}

export const meta: Route.MetaFunction = ({ loaderData: d }) =>
  adminMeta(d ? (d.questionnaire.id === 'new' ? 'Новая анкета' : `Анкета «${d.questionnaire.values.title}»`) : QUESTIONNAIRE_MESSAGES.notFound);

const MODEL_HINT = 'Страницы с вопросами: { "pages": [{ "title": "…", "questions": [{ "id": "rating", "type": "scale", "title": "…", "required": true }] }] }. '
  + 'Типы: single и multiple (options: [{ "value", "label" }]), text (multiline, maxLength), number (min, max, integer, unit), scale (1–10; minLabel, maxLabel), '
  + 'matrix (rows и columns, один выбор в строке). Условие: "showIf": { "question": "код вопроса выше", "anyOf": ["вариант"] } или { "question", "min", "max" } для оценки и числа.';

export default function AdminQuestionnaire({ loaderData, actionData }: Route.ComponentProps) {
  const { questionnaire: q, csrf, notice, versions, comparison } = loaderData;
  const location = useLocation();
  const busy = useNavigation().state === 'submitting';
  const v = actionData?.values ?? q.values;
  const errors = actionData?.errors ?? {};
  const problems = actionData?.problems ?? [];
  const preview = actionData ? actionData.preview : q.model;
  const isNew = q.id === 'new';
  const refused = Object.keys(errors).length > 0;
  return (
    <>
      <p><Link to={LIST}>← Анкеты</Link></p>
      <h1 className={styles.title}>{isNew ? 'Новая анкета' : `№ ${q.id}. ${q.values.title}`}</h1>
      <p className={styles.lead} data-testid="questionnaire-state">
        {isNew ? 'Анкета станет видна посетителям после публикации. ' : <>{q.published ? 'Опубликована' : 'Черновик'} · </>}
        {q.published && !isNew ? <><Link to={`${QUESTIONNAIRE_PATH}/${q.id}`}>Открыть на сайте</Link> · </> : null}
        {isNew ? null : <><Link to={`${LIST}/${q.id}/results`}>Результаты ({q.responses})</Link> · <Link to={`/admin/audit?entity=questionnaire&entityId=${q.id}`}>История изменений</Link></>}
      </p>
      <Toast message={actionData ? null : notice} token={loaderData} />
      {errors.version ? <p className={styles.error} role="alert">{errors.version}</p>
        : refused ? <p className={styles.error} role="alert">Проверьте поля формы: ничего не сохранено.</p> : null}
      {q.responses > 0 ? <p className={editorStyles.draft}>На анкету уже ответили {q.responses}. Коды вопросов и вариантов лучше не менять: по ним считаются результаты; тип вопроса с ответами поменять нельзя.</p> : null}
      <div className={editorStyles.layout}>
        <Form method="post" className={editorStyles.form} key={location.search}>
          <input type="hidden" name="_csrf" value={csrf} />
          <EditorField name="title" label="Название" value={v.title} error={errors.title} maxLength={200} required />
          <EditorField name="intro" label="Вступление" value={v.intro} error={errors.intro} rows={3} hint="Показывается над вопросами" />
          <EditorField name="thanks" label="Текст благодарности" value={v.thanks} error={errors.thanks} rows={2} hint="Показывается после отправки ответов" />
          <EditorField name="modelJson" label="Вопросы анкеты (JSON)" value={v.modelJson} error={problems.length > 1 ? `Найдено ошибок: ${problems.length}` : errors.modelJson} rows={24} code hint={MODEL_HINT} />
          {problems.length > 1 ? (
            <ul className={editorStyles.fieldError} data-testid="model-problems">{problems.map((p) => <li key={p}>{p}</li>)}</ul>
          ) : null}
          <div className={editorStyles.actions}>
            <button type="submit" name="intent" value="preview" className="btn btn-secondary" disabled={busy}>Проверить и показать</button>
            <button type="submit" name="intent" value="publish" className="btn btn-brand" disabled={busy}>{q.published ? 'Сохранить' : 'Опубликовать'}</button>
            {q.published ? null : <button type="submit" name="intent" value="save" className="btn btn-secondary" disabled={busy}>Сохранить черновик</button>}
            {q.published ? <button type="submit" name="intent" value="unpublish" className="btn btn-secondary" disabled={busy}>Снять с публикации</button> : null}
          </div>
        </Form>
        {preview ? (
          <Preview label={actionData ? 'Предпросмотр: ещё не сохранено' : 'Как видят посетители'}>
            <div className={`container ${qStyles.wrap}`}>
              <h2>{v.title}</h2>
              {v.intro ? <p className={qStyles.intro}>{v.intro}</p> : null}
              <QuestionnaireForm model={preview} csrf="" link={{ order: null, offer: null }} preview />
            </div>
          </Preview>
        ) : null}
      </div>
      {isNew ? null : <VersionHistory path={`${LIST}/${q.id}`} versions={versions} comparison={comparison} csrf={csrf} />}
    </>
  );
}
