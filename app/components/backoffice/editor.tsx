import type { ReactNode } from 'react';
import styles from './editor.module.css';

/*
 * The back-office's editors (pages, promotions, branches; ADR 081): plain forms the server checks
 * with the same schema as publishing, so they work before the page's script has loaded. A refused
 * form comes back with the values sent and a message under each wrong field.
 */

export interface FieldProps {
  name: string;
  label: string;
  /** The value to start from: what was sent (after a refusal), the draft, or what is published. */
  value: string;
  error?: string;
  hint?: ReactNode;
  /** Lines of a multi-line field; a single line when absent. */
  rows?: number;
  code?: boolean;
  maxLength?: number;
  type?: 'text' | 'date' | 'datetime-local' | 'number' | 'email' | 'tel';
  required?: boolean;
  inputMode?: 'numeric' | 'tel' | 'email';
}

export function EditorField({ name, label, value, error, hint, rows, code, maxLength, type = 'text', required, inputMode }: FieldProps) {
  const id = `field-${name}`;
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id, name, defaultValue: value, maxLength, required, 'aria-invalid': error ? true : undefined, 'aria-describedby': described,
    className: `${styles.input}${code ? ` ${styles.code}` : ''}`,
  };
  return (
    <div className={styles.field} data-field={name}>
      <label className={styles.label} htmlFor={id}>{label}</label>
      {rows ? <textarea rows={rows} spellCheck={!code} {...common} /> : <input type={type} inputMode={inputMode} {...common} />}
      {hint ? <span className={styles.hint} id={`${id}-hint`}>{hint}</span> : null}
      {error ? <p className={styles.fieldError} id={`${id}-error`}>{error}</p> : null}
    </div>
  );
}

/** The editor's buttons: keep a draft (and see it), publish, or drop the draft. */
export function EditorActions({ busy, hasDraft, publishLabel = 'Опубликовать' }: { busy: boolean; hasDraft: boolean; publishLabel?: string }) {
  return (
    <div className={styles.actions}>
      <button type="submit" name="intent" value="publish" className="btn btn-brand" disabled={busy}>{publishLabel}</button>
      <button type="submit" name="intent" value="draft" className="btn btn-secondary" disabled={busy}>Сохранить черновик и показать</button>
      {hasDraft ? <button type="submit" name="intent" value="discard" className="btn btn-secondary" disabled={busy} formNoValidate>Удалить черновик</button> : null}
    </div>
  );
}

const when = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export function DraftNote({ draft }: { draft: { authorName: string; updatedAt: string } | null }) {
  if (!draft) return null;
  return <p className={styles.draft} data-testid="draft-note">Есть неопубликованный черновик: {draft.authorName}, {when.format(new Date(draft.updatedAt))}. Посетители видят опубликованную версию.</p>;
}

/** A frame around what visitors will see, marked as a preview. */
export function Preview({ label, link, children }: { label: string; link?: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.preview} aria-label="Предпросмотр" data-testid="preview">
      <div className={styles.previewBar}><span>{label}</span>{link}</div>
      <div className={styles.previewBody}>{children}</div>
    </section>
  );
}

export { styles as editorStyles };

/** A labelled choice of the editor's forms, with its error under it. */
export function EditorSelect({ name, label, value, error, options }: { name: string; label: string; value: string; error?: string; options: Array<[string, string]> }) {
  const id = `field-${name}`;
  return (
    <div className={styles.field} data-field={name}>
      <label className={styles.label} htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value} className={styles.input} aria-invalid={error ? true : undefined}>
        {options.map(([code, text]) => <option key={code} value={code}>{text}</option>)}
      </select>
      {error ? <p className={styles.fieldError}>{error}</p> : null}
    </div>
  );
}
