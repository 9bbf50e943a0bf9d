import { data } from 'react-router';
import { requestContext } from '#app/.server/context.ts';
import styles from '#app/components/backoffice/kit.module.css';
import { Link } from '#app/components/ui/Link.tsx';
import { ADMIN_HEADERS, adminMeta, type AdminHandle } from '#app/layout/admin-sections.ts';
import { requireCapability } from '#app/modules/auth/staff.server.ts';
import { QUESTION_TYPE_LABELS, QUESTIONNAIRE_MESSAGES, parseQuestionnaireId, resultsFilter } from '#app/modules/questionnaires/questionnaires.schema.ts';
import { questionnaireForEditing, questionnaireResults } from '#app/modules/questionnaires/questionnaires.server.ts';
import { ResultsList, answerFilterOptions } from '#app/modules/questionnaires/ui/ResultsList.tsx';
import type { Route } from './+types/admin.questionnaires.$id.results';

export const handle: AdminHandle = { capability: 'questionnaires.manage' };

const LIST = '/admin/questionnaires';

/** A questionnaire's results for employees: counts per answer of each question, filtered; the CSV of the same (ADR 093). */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requireCapability(ctx, handle.capability);
  const id = parseQuestionnaireId(params.id);
  if (id === null) throw data(null, { status: 404 });
  const filter = resultsFilter.parse(Object.fromEntries(url.searchParams));
  const [results, editing] = await Promise.all([questionnaireResults(ctx.services, id, filter), questionnaireForEditing(ctx.services, id)]);
  if (!results || !editing?.model) throw data(null, { status: 404 });
  const query = new URLSearchParams(Object.entries(filter).filter(([k, v]) => v !== undefined && !(k === 'who' && v === 'all')) as Array<[string, string]>);
  return data({ results, filter, query: query.toString(), answerOptions: answerFilterOptions(editing.model) }, { headers: ADMIN_HEADERS });
}

export const meta: Route.MetaFunction = ({ loaderData: d }) => adminMeta(d ? `Результаты: ${d.results.title}` : QUESTIONNAIRE_MESSAGES.notFound);

export default function QuestionnaireResultsPage({ loaderData }: Route.ComponentProps) {
  const { results, filter, query, answerOptions } = loaderData;
  const path = `${LIST}/${results.id}/results`;
  return (
    <>
      <p><Link to={`${LIST}/${results.id}`}>← Анкета № {results.id}</Link></p>
      <h1 className={styles.title}>Результаты: {results.title}</h1>
      <p className={styles.lead}>
        Ответов: <strong data-testid="results-total">{results.total}</strong>{query ? ' (с учётом фильтров)' : ''}. Скрытые условием вопросы в ответ не входят.
        {' '}Типы вопросов: {Object.values(QUESTION_TYPE_LABELS).join(', ')}.
      </p>
      <form method="get" action={path} className={styles.filters} aria-label="Фильтры результатов">
        <label>С даты<input type="date" name="from" defaultValue={filter.from ?? ''} /></label>
        <label>По дату<input type="date" name="to" defaultValue={filter.to ?? ''} /></label>
        <label>Кто ответил
          <select name="who" defaultValue={filter.who}>
            <option value="all">Все</option>
            <option value="user">Вошедшие в аккаунт</option>
            <option value="guest">Гости</option>
          </select>
        </label>
        <label>С ответом
          <select name="answer" defaultValue={filter.answer ?? ''}>
            <option value="">Любые ответы</option>
            {answerOptions.map((group) => (
              <optgroup key={group.question} label={group.title}>
                {group.options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
              </optgroup>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-brand">Показать</button>
        {query ? <Link to={path} className="btn btn-secondary">Сбросить</Link> : null}
        <a href={`${path}.csv${query ? `?${query}` : ''}`} className="btn btn-secondary" download>Скачать CSV</a>
      </form>
      {results.answerFilterValid ? null : <p className={styles.error} role="alert">Такого ответа в анкете нет: фильтр по ответу не применён.</p>}
      <ResultsList results={results} />
    </>
  );
}
