import type { QuestionnaireModel } from '../questionnaires.schema.ts';
import styles from './Results.module.css';

/*
 * A questionnaire's results for employees (ADR 093): each question with its count of answers and a
 * bar per answer in plain CSS (its width the share of the question's answers), a number's minimum,
 * average and maximum, a text's latest answers.
 */

/** The answers the results can be filtered by: a choice, a mark, a matrix's column in a row. */
export function answerFilterOptions(model: QuestionnaireModel) {
  return model.pages.flatMap((p) => p.questions).flatMap((q) => {
    const opts = q.type === 'single' || q.type === 'multiple' ? q.options.map((o) => ({ value: `${q.id}:${o.value}`, label: o.label }))
      : q.type === 'scale' ? Array.from({ length: 10 }, (_, i) => ({ value: `${q.id}:${i + 1}`, label: `Оценка ${i + 1}` }))
        : q.type === 'matrix' ? q.rows.flatMap((r) => q.columns.map((c) => ({ value: `${q.id}:${r.value}=${c.value}`, label: `${r.label}: ${c.label}` })))
          : [];
    return opts.length ? [{ question: q.id, title: q.title, options: opts }] : [];
  });
}

interface Bar { key: string; label: string; count: number; percent: number }

function Bars({ bars }: { bars: readonly Bar[] }) {
  return (
    <ul className={styles.bars}>
      {bars.map((b) => (
        <li key={b.key} className={styles.bar}>
          <span className={styles.barLabel}>{b.label}</span>
          <span className={styles.barTrack} aria-hidden="true"><span className={styles.barFill} style={{ width: `${b.percent}%` }} /></span>
          <span className={styles.barCount} data-testid="answer-count">{b.count} <span className={styles.muted}>({b.percent} %)</span></span>
        </li>
      ))}
    </ul>
  );
}

export interface ResultsListProps {
  results: {
    total: number;
    questions: ReadonlyArray<{
      id: string; title: string; type: string; answered: number;
      choices?: readonly Bar[];
      matrix?: { columns: ReadonlyArray<{ value: string; label: string }>; rows: ReadonlyArray<{ value: string; label: string; answered: number; counts: ReadonlyArray<{ key: string; count: number; percent: number }> }> };
      number?: { min: number; max: number; avg: number } | null;
      texts?: ReadonlyArray<{ text: string; at: string }>;
    }>;
  };
}

const WHEN = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric' });
const NUMBER = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

export function ResultsList({ results }: ResultsListProps) {
  return (
    <ol className={styles.list}>
      {results.questions.map((q) => (
        <li key={q.id} className={styles.question} data-testid="question-result" data-question={q.id}>
          <h2 className={styles.title}>{q.title}</h2>
          <p className={styles.muted}>Ответили: {q.answered} из {results.total}</p>
          {q.choices ? <Bars bars={q.choices} /> : null}
          {q.matrix ? (
            <div className={styles.matrix}>
              {q.matrix.rows.map((row) => (
                <section key={row.value} aria-label={row.label}>
                  <h3 className={styles.rowTitle}>{row.label}</h3>
                  <Bars bars={row.counts.map((c, i) => ({ ...c, label: q.matrix!.columns[i]!.label }))} />
                </section>
              ))}
            </div>
          ) : null}
          {q.number !== undefined ? (
            q.number ? <p>Минимум {NUMBER.format(q.number.min)} · среднее {NUMBER.format(q.number.avg)} · максимум {NUMBER.format(q.number.max)}</p> : <p className={styles.muted}>Ответов нет</p>
          ) : null}
          {q.texts ? (
            q.texts.length ? (
              <ul className={styles.texts}>
                {q.texts.map((t, i) => <li key={i}><span className={styles.muted}>{WHEN.format(new Date(t.at))}</span> {t.text}</li>)}
              </ul>
            ) : <p className={styles.muted}>Ответов нет</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
