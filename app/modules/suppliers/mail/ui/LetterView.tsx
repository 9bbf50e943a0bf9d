import styles from '#app/components/backoffice/kit.module.css';
import { Link } from '#app/components/ui/Link.tsx';
import { ATTACHMENT_STATE_LABELS, LETTER_STATE_LABELS } from '../letters.schema.ts';
import { fileSize, letterTime } from '../letters.rules.ts';
import type { LetterDetails } from '../letters.server.ts';

/** A letter's headers, state and files (the quarantine draws its letters the same way). */
export function LetterView({ letter, back, fileHref, children }: { letter: LetterDetails; back?: { to: string; label: string }; fileHref: (id: number) => string; children?: React.ReactNode }) {
  return (
    <article data-testid="letter">
      {back ? <p style={{ margin: '0 0 8px' }}><Link to={back.to}>{back.label}</Link></p> : null}
      <h1 className={styles.title} style={{ overflowWrap: 'anywhere' }}>{letter.subject || 'Без темы'}</h1>
      <div className={styles.card}>
        <dl className={styles.grid} style={{ margin: 0 }}>
          <Fact label="Отправитель">{letter.fromName ? `${letter.fromName} <${letter.from}>` : letter.from || '—'}</Fact>
          <Fact label="Получено">{letterTime(letter.receivedAt)}</Fact>
          {letter.sentAt ? <Fact label="Отправлено">{letterTime(letter.sentAt)}</Fact> : null}
          <Fact label="Размер">{fileSize(letter.size)}</Fact>
          <Fact label="Состояние"><span className={styles.tag} data-state={letter.state}>{LETTER_STATE_LABELS[letter.state]}</span></Fact>
          {letter.messageId ? <Fact label="Message-ID">{letter.messageId}</Fact> : null}
        </dl>
        {letter.reason ? <p className={letter.state === 'failed' ? styles.error : styles.notice} style={{ marginBottom: 0 }} data-testid="letter-reason">{letter.reason}</p> : null}
      </div>
      <h2>Вложения</h2>
      {letter.attachments.length ? (
        <ul style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 8 }}>
          {letter.attachments.map((a) => (
            <li key={a.id} className={styles.card} data-testid="letter-file" style={{ margin: 0 }}>
              <div style={{ overflowWrap: 'anywhere', fontWeight: 600 }}>
                {a.stored ? <a href={fileHref(a.id)} download>{a.fileName}</a> : a.fileName}
              </div>
              <div className={styles.muted}>{fileSize(a.size)} · {a.contentType} · {ATTACHMENT_STATE_LABELS[a.state]}</div>
              {a.reason ? <div className={styles.error}>{a.reason}</div> : null}
            </li>
          ))}
        </ul>
      ) : <p className={styles.muted}>В письме нет вложений.</p>}
      {children}
    </article>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className={styles.muted}>{label}</dt>
      <dd style={{ margin: '2px 0 0', overflowWrap: 'anywhere' }}>{children}</dd>
    </div>
  );
}
