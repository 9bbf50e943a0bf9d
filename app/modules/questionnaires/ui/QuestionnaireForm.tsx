import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { SCALE_MAX, SCALE_MIN } from '../questionnaires.constants.ts';
import { checkAnswers, conditionText, fieldName, rawAnswersOf, type RawAnswers } from '../questionnaires.rules.ts';
import type { Question, QuestionnaireModel } from '../questionnaires.schema.ts';
import styles from './Questionnaire.module.css';

/*
 * A questionnaire's form (ADR 093). Before its script runs it is one form with every page and one
 * 'Отправить' (a question with a condition says when to answer it; the server drops it otherwise).
 * Once hydrated it shows one page at a time with 'Назад' and 'Далее', checks a page before going
 * on, and shows or hides the questions with conditions as the answers change. Hidden questions'
 * fields are disabled, so they are not sent; the other pages' fields stay in the form and are sent
 * with the last page.
 */

const noSubscribe = () => () => {};
const NO_ERRORS: Record<string, string> = {};
const NO_VALUES: RawAnswers = {};
const useHydrated = () => useSyncExternalStore(noSubscribe, () => true, () => false);

export interface QuestionnaireFormProps {
  model: QuestionnaireModel;
  csrf: string;
  /** What the server refused, per question, and what was sent (the fields keep it). */
  errors?: Record<string, string>;
  values?: RawAnswers;
  /** The order or offer link the respondent came by, sent back with the answers. */
  link: { order: string | null; offer: string | null };
  /** Shown in an editor's preview: nothing is sent. */
  preview?: boolean;
}

export function QuestionnaireForm({ model, csrf, errors: serverErrors = NO_ERRORS, values = NO_VALUES, link, preview = false }: QuestionnaireFormProps) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [raw, setRaw] = useState<RawAnswers>(values);
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>(serverErrors);
  const busy = useNavigation().state === 'submitting';
  const { visible } = useMemo(() => checkAnswers(model, raw), [model, raw]);
  const pages = model.pages;
  const last = pages.length - 1;
  const pageOf = useMemo(() => new Map(pages.flatMap((p, i) => p.questions.map((q) => [q.id, i] as const))), [pages]);

  const focusQuestion = (id: string) => {
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[data-question="${id}"] input:not([disabled]), [data-question="${id}"] textarea`)?.focus());
  };

  // A refusal from the server: its messages, and the first wrong question's page.
  useEffect(() => {
    setErrors(serverErrors);
    const first = Object.keys(serverErrors)[0];
    if (first !== undefined) {
      setStep(pageOf.get(first) ?? 0);
      focusQuestion(first);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serverErrors]);

  const read = () => (formRef.current ? rawAnswersOf(new FormData(formRef.current).entries()) : raw);

  const problemsOn = (pageIndex: number | null) => {
    const check = checkAnswers(model, read());
    return Object.fromEntries(Object.entries(check.errors).filter(([id]) => pageIndex === null || pageOf.get(id) === pageIndex));
  };

  const next = () => {
    const found = problemsOn(step);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first !== undefined) { focusQuestion(first); return; }
    setStep(step + 1);
    requestAnimationFrame(() => {
      formRef.current?.scrollIntoView({ block: 'start' });
      formRef.current?.querySelector<HTMLElement>(`[data-page="${step + 1}"] legend`)?.focus();
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (preview) { event.preventDefault(); return; }
    if (!hydrated) return;
    const found = problemsOn(null);
    const first = Object.keys(found)[0];
    if (first === undefined) return;
    event.preventDefault();
    setErrors(found);
    setStep(pageOf.get(first) ?? 0);
    focusQuestion(first);
  };

  // A message goes once its question is answered right; new ones wait for 'Далее' or the submit.
  const onChange = () => {
    const now = read();
    setRaw(now);
    const still = checkAnswers(model, now).errors;
    setErrors((shown) => Object.fromEntries(Object.entries(shown).filter(([id]) => still[id] !== undefined)));
  };

  const stepped = hydrated && pages.length > 1;
  return (
    <Form method="post" noValidate ref={formRef} className={styles.form} onSubmit={onSubmit} onChange={onChange} data-testid="questionnaire-form">
      <input type="hidden" name="_csrf" value={csrf} />
      {link.order ? <input type="hidden" name="order" value={link.order} /> : null}
      {link.offer ? <input type="hidden" name="offer" value={link.offer} /> : null}
      {stepped ? (
        <div className={styles.progress}>
          <p className={styles.progressText} aria-live="polite">Страница {step + 1} из {pages.length}</p>
          <div className={styles.progressBar} aria-hidden="true"><span style={{ width: `${Math.round(((step + 1) / pages.length) * 100)}%` }} /></div>
        </div>
      ) : null}
      {pages.map((page, pi) => (
        <fieldset key={pi} className={styles.page} data-page={pi} hidden={stepped && pi !== step}>
          <legend className={styles.pageTitle} tabIndex={-1}>
            {pages.length > 1 ? `${pi + 1}. ` : ''}{page.title ?? `Страница ${pi + 1}`}
          </legend>
          {page.questions.map((q) => {
            const shown = !hydrated || visible.has(q.id);
            return (
              <QuestionField key={q.id} question={q} values={values} error={shown ? errors[q.id] : undefined} hidden={!shown}
                note={!hydrated && q.showIf ? conditionText(model, q.showIf) : null} />
            );
          })}
        </fieldset>
      ))}
      <div className={styles.actions}>
        {stepped && step > 0 ? <button type="button" className="btn btn-secondary" onClick={() => setStep(step - 1)}>Назад</button> : <span />}
        {stepped && step < last
          ? <button type="button" className="btn btn-brand" onClick={next}>Далее</button>
          : <button type="submit" className="btn btn-primary" disabled={busy || preview}>{busy ? 'Отправляем…' : 'Отправить ответы'}</button>}
      </div>
    </Form>
  );
}

interface FieldProps { question: Question; values: RawAnswers; error: string | undefined; hidden: boolean; note: string | null }

function QuestionField({ question: q, values, error, hidden, note }: FieldProps) {
  const id = `question-${q.id}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [q.hint || note ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const sent = (name: string) => values[name] ?? [];
  const title = (
    <>
      {q.title}
      {q.required ? <><span className={styles.required} aria-hidden="true"> *</span><span className="visually-hidden"> (обязательный вопрос)</span></> : null}
    </>
  );
  const help = (
    <>
      {q.hint || note ? <p className={styles.hint} id={hintId}>{[note, q.hint].filter(Boolean).join('. ')}</p> : null}
      {error ? <p className={styles.error} id={errorId} role="alert">{error}</p> : null}
    </>
  );
  const invalid = error ? true : undefined;

  if (q.type === 'text' || q.type === 'number') {
    const name = fieldName(q.id);
    const common = {
      id, name, defaultValue: sent(name)[0] ?? '', disabled: hidden, 'aria-invalid': invalid, 'aria-describedby': described,
      'aria-required': q.required ? true : undefined, className: styles.input,
    };
    return (
      <div className={styles.question} data-question={q.id} hidden={hidden}>
        <label htmlFor={id} className={styles.questionTitle}>{title}</label>
        {q.type === 'text'
          ? (q.multiline ? <textarea rows={4} maxLength={q.maxLength} {...common} /> : <input type="text" maxLength={q.maxLength} {...common} />)
          : (
            <span className={styles.numberRow}>
              <input type="text" inputMode={q.integer ? 'numeric' : 'decimal'} autoComplete="off" {...common} className={`${styles.input} ${styles.number}`} />
              {q.unit ? <span>{q.unit}</span> : null}
            </span>
          )}
        {help}
      </div>
    );
  }

  const group = (children: ReactNode, extraClass = '') => (
    <fieldset className={`${styles.question} ${extraClass}`} data-question={q.id} hidden={hidden} disabled={hidden}
      aria-invalid={invalid} aria-describedby={described} aria-required={q.required ? true : undefined}>
      <legend className={styles.questionTitle}>{title}</legend>
      {children}
      {help}
    </fieldset>
  );

  if (q.type === 'single' || q.type === 'multiple') {
    const name = fieldName(q.id);
    const chosen = sent(name);
    return group(
      <div className={styles.options}>
        {q.options.map((o) => (
          <label key={o.value} className={styles.option}>
            <input type={q.type === 'single' ? 'radio' : 'checkbox'} name={name} value={o.value} defaultChecked={chosen.includes(o.value)} />
            <span>{o.label}</span>
          </label>
        ))}
      </div>,
    );
  }

  if (q.type === 'scale') {
    const name = fieldName(q.id);
    const chosen = sent(name)[0];
    const marks = Array.from({ length: SCALE_MAX - SCALE_MIN + 1 }, (_, i) => String(SCALE_MIN + i));
    return group(
      <>
        <div className={styles.scale}>
          {marks.map((m) => (
            <label key={m} className={styles.scaleMark}>
              <input type="radio" name={name} value={m} defaultChecked={chosen === m} />
              <span>{m}</span>
            </label>
          ))}
        </div>
        {q.minLabel || q.maxLabel ? (
          <p className={styles.scaleLabels} aria-hidden="true"><span>{SCALE_MIN} — {q.minLabel}</span><span>{SCALE_MAX} — {q.maxLabel}</span></p>
        ) : null}
      </>,
    );
  }

  // A matrix: a row of choices per line, one choice per row.
  return group(
    <div className={styles.matrix}>
      {q.rows.map((row) => {
        const name = fieldName(q.id, row.value);
        const chosen = sent(name)[0];
        return (
          <fieldset key={row.value} className={styles.matrixRow}>
            <legend className={styles.matrixLabel}>{row.label}</legend>
            <div className={styles.matrixChoices}>
              {q.columns.map((c) => (
                <label key={c.value} className={styles.matrixChoice}>
                  <input type="radio" name={name} value={c.value} defaultChecked={chosen === c.value} />
                  <span>{c.label}</span>
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
    </div>,
    styles.matrixQuestion,
  );
}
