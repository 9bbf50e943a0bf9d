import kit from '#app/components/backoffice/kit.module.css';
import { INVITATION_LINK_TEXT } from '../questionnaires.constants.ts';

/*
 * A questionnaire linked from an order or an offer (ADR 103): the employee's choice on the order's
 * back-office page and in the offer editor, (the customer's invitation is QuestionnaireInvite).
 */

export interface LinkChoiceView {
  current: { id: number; title: string; published: boolean } | null;
  options: Array<{ id: number; title: string }>;
}

/**
 * 'Анкета для клиента': a plain form (it works without scripts) posting `intent=questionnaire` and
 * `questionnaireId` ('' to remove) to the page it is on. `readOnly` shows the choice without the form.
 */
export function QuestionnaireLinkForm({ choice, csrf, busy = false, readOnly = false, subjectLabel }: {
  choice: LinkChoiceView; csrf: string; busy?: boolean; readOnly?: boolean; subjectLabel: string;
}) {
  const { current, options } = choice;
  // An unpublished current questionnaire stays in the list so that the form shows what is linked.
  const shown = current && !options.some((o) => o.id === current.id) ? [{ id: current.id, title: current.title }, ...options] : options;
  return (
    <section className={kit.card} aria-labelledby="questionnaire-link" style={{ marginBottom: 16 }} data-testid="questionnaire-link">
      <h2 id="questionnaire-link" style={{ margin: '0 0 8px', fontSize: 'var(--text-m)' }}>Анкета для клиента</h2>
      <p className={kit.muted} style={{ margin: '0 0 8px' }}>
        {current
          ? <>Привязана: «{current.title}»{current.published ? '' : ' — снята с публикации, клиент её не видит'}. </>
          : 'Анкета не привязана. '}
        Клиент увидит ссылку «{INVITATION_LINK_TEXT}» {subjectLabel}, пока не ответит.
      </p>
      {readOnly ? null : (
        <form method="post" className={kit.filters} style={{ margin: 0 }}>
          <input type="hidden" name="_csrf" value={csrf} />
          <input type="hidden" name="intent" value="questionnaire" />
          <label>
            Анкета
            <select name="questionnaireId" defaultValue={current ? String(current.id) : ''} key={current?.id ?? 0}>
              <option value="">Без анкеты</option>
              {shown.map((o) => <option key={o.id} value={o.id}>№ {o.id} · {o.title}</option>)}
            </select>
          </label>
          <button type="submit" className="btn btn-secondary" disabled={busy}>Сохранить анкету</button>
        </form>
      )}
    </section>
  );
}
