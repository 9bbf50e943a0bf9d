import { useState, type ReactElement } from 'react';
import styles from './Toast.module.css';

/*
 * The back-office's toast (ADR 079): a short message after an action ('Статус изменён'). The action
 * answers with its message and the page passes it here, so it shows after a form posted without
 * scripts as well as after one sent by React Router. Its live region (`role="status"`) stays in the
 * page while the page does, empty between messages, so a screen reader reads each new one; it keeps
 * the message until the person closes it or leaves the page (no timer: WCAG 2.2.1), and the close
 * button sits outside the region so only the message is read.
 */

/**
 * Whether something identified by `token` (an action's answer: a new object for each answer) is
 * still shown: closing it hides that one; the next answer shows again, even with the same words.
 */
export function useDismissed(token: unknown): [dismissed: boolean, dismiss: () => void] {
  const [closed, setClosed] = useState<unknown>(undefined);
  return [token !== undefined && token !== null && closed === token, () => setClosed(token)];
}

export interface ToastProps {
  /** The message; null or empty: nothing to say (the live region stays, empty). */
  message: string | null | undefined;
  /** Identifies this showing of the message (the action's answer, the loader's data); default: the message. */
  token?: unknown;
}

export function Toast({ message, token }: ToastProps): ReactElement {
  const [dismissed, dismiss] = useDismissed(token ?? message);
  const shown = Boolean(message) && !dismissed;
  return (
    <div className={styles.host}>
      <div className={shown ? styles.toast : styles.idle} data-testid={shown ? 'toast' : undefined}>
        <p className={styles.text} role="status" aria-live="polite" aria-atomic="true">{shown ? message : ''}</p>
        {shown ? <button type="button" className={styles.close} aria-label="Закрыть уведомление" onClick={dismiss}>×</button> : null}
      </div>
    </div>
  );
}
