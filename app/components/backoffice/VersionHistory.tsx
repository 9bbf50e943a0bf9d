import { Form } from 'react-router';
import { Link } from '#app/components/ui/Link.tsx';
import type { DiffPart } from '#app/lib/word-diff.ts';
import styles from './versions.module.css';

/*
 * 'История' of an article, a vacancy or a questionnaire (ADR 100): its versions, the latest first —
 * who saved each, when, published or a draft — with links comparing a version with the one before
 * it and with the latest (`?compare=a..b`), and a button making it the current text again. The
 * comparison lists the changed fields, texts word by word with <ins> and <del> (each announced to
 * screen readers). Works without scripts: links and plain forms.
 */

export interface VersionRow { version: number; published: boolean; authorName: string; createdAt: string; restoredFrom: number | null }
export interface ComparedField { field: string; label: string; parts: DiffPart[] }
export interface Comparison { from: VersionRow; to: VersionRow; changes: ComparedField[] }

const WHEN = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Moscow' });
const when = (iso: string) => WHEN.format(new Date(iso));

export function DiffText({ parts }: { parts: DiffPart[] }) {
  return (
    <p className={styles.diff}>
      {parts.map((p, i) => p.op === 'ins'
        ? <ins key={i}><span className="visually-hidden">[добавлено: </span>{p.text}<span className="visually-hidden">]</span></ins>
        : p.op === 'del'
          ? <del key={i}><span className="visually-hidden">[удалено: </span>{p.text}<span className="visually-hidden">]</span></del>
          : <span key={i}>{p.text}</span>)}
    </p>
  );
}

export function VersionHistory({ path, versions, comparison, csrf, multipart = false }: {
  /** The editor's page: links add `?compare=…` to it, restoring posts to it. */
  path: string; versions: VersionRow[]; comparison: Comparison | null; csrf: string; multipart?: boolean;
}) {
  const latest = versions[0]?.version ?? 0;
  return (
    <section className={styles.section} aria-labelledby="versions-heading" data-testid="versions">
      <h2 id="versions-heading" className={styles.heading}>История</h2>
      {comparison ? (
        <div className={styles.compare} data-testid="comparison">
          <h3 className={styles.heading} id="comparison-heading">
            Версия {comparison.from.version} → версия {comparison.to.version}
          </h3>
          <p className={styles.legend}>
            {comparison.from.authorName}, {when(comparison.from.createdAt)} → {comparison.to.authorName}, {when(comparison.to.createdAt)}.{' '}
            <ins>Добавленное</ins> и <del>удалённое</del> отмечено. <Link to={path}>Закрыть сравнение</Link>
          </p>
          {comparison.changes.length === 0 ? <p className={styles.legend}>Версии не различаются.</p> : comparison.changes.map((c) => (
            <div key={c.field} className={styles.field} data-field-diff={c.field}>
              <h4 className={styles.fieldName}>{c.label}</h4>
              <DiffText parts={c.parts} />
            </div>
          ))}
        </div>
      ) : null}
      {versions.length === 0 ? <p className={styles.legend}>Версий пока нет: первая появится при сохранении.</p> : (
        <ol className={styles.list} aria-label="Версии, сначала последняя">
          {versions.map((v) => (
            <li key={v.version} className={styles.item} data-version={v.version}>
              <span className={styles.number}>Версия {v.version}</span>
              <span>{when(v.createdAt)}</span>
              <span>{v.authorName}</span>
              <span>{v.published ? 'опубликована' : 'черновик'}{v.restoredFrom ? ` · восстановлена из версии ${v.restoredFrom}` : ''}</span>
              {v.version > 1 ? <Link to={`${path}?compare=${v.version - 1}..${v.version}`} aria-label={`Версия ${v.version}: сравнить с предыдущей`}>С предыдущей</Link> : null}
              {v.version < latest ? <Link to={`${path}?compare=${v.version}..${latest}`} aria-label={`Версия ${v.version}: сравнить с последней`}>С последней</Link> : null}
              {v.version < latest ? (
                <Form method="post" encType={multipart ? 'multipart/form-data' : undefined} action={path}>
                  <input type="hidden" name="_csrf" value={csrf} />
                  <input type="hidden" name="version" value={v.version} />
                  <button type="submit" name="intent" value="restore" className="btn btn-secondary" aria-label={`Восстановить версию ${v.version}`}>Восстановить</button>
                </Form>
              ) : <span>текущая</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
