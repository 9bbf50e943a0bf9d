import { useId, useRef, useState, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { Form, useLocation } from 'react-router';
import { Dialog } from '#app/components/ui/Dialog.tsx';
import { useDismissed } from './Toast.tsx';
import styles from './ConfirmDialog.module.css';

/*
 * A staff action that cannot be taken back (cancel an order, reject a request, take roles away)
 * asks first (ADR 079). Once the page is hydrated the question is the shared Dialog (focus kept
 * inside, Escape and the backdrop close it, focus returns to the button). Before that, or without
 * scripts, the same form opens in place: the trigger is a `<details>` summary, so the question
 * still comes before the action. The confirming form posts the hidden `fields` and whatever the
 * children add (a reason) to the page's action, which checks everything again.
 *
 * Two ways to ask:
 * - `trigger`: a button in the page opens the question;
 * - `openFor`: the server asked (the action answered "confirm first", e.g. roles about to be
 *   removed); the question opens at once, once for each such answer.
 */

export interface ConfirmDialogProps {
  /** The page's button that asks; absent with `openFor`. */
  trigger?: string;
  title: string;
  /** What will happen, in a sentence or two. */
  message?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Hidden fields the confirming form posts (the intent, the state the person saw, the CSRF token). */
  fields: Readonly<Record<string, string | number | readonly (string | number)[]>>;
  /** Fields the person fills in before confirming (a reason). */
  children?: ReactNode;
  /** The server's request for a confirmation (an action's answer); each new answer opens the question again. */
  openFor?: unknown;
  busy?: boolean;
}

const noSubscribe = () => () => {};
const useHydrated = () => useSyncExternalStore(noSubscribe, () => true, () => false);

export function ConfirmDialog({ trigger, title, message, confirmLabel, cancelLabel = 'Отмена', fields, children, openFor, busy = false }: ConfirmDialogProps): ReactElement | null {
  const hydrated = useHydrated();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [dismissed, dismiss] = useDismissed(openFor);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const asked = openFor !== undefined && openFor !== null && !dismissed;
  const modal = hydrated && (open || asked);
  const close = () => {
    setOpen(false);
    if (asked) dismiss();
  };

  const form = (inDialog: boolean) => (
    <Form method="post" className={styles.form} onSubmit={inDialog ? close : undefined}>
      {Object.entries(fields).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v, i) => <input key={`${name}-${i}`} type="hidden" name={name} value={String(v)} />))}
      {message ? <div className={styles.message}>{message}</div> : null}
      {children}
      <div className={styles.actions}>
        <button type="submit" className={`btn ${styles.danger}`} disabled={busy}>{confirmLabel}</button>
        {inDialog ? <button type="button" ref={cancelRef} className="btn btn-secondary" onClick={close}>{cancelLabel}</button>
          : openFor !== undefined ? <a className="btn btn-secondary" href={location.pathname + location.search}>{cancelLabel}</a> : null}
      </div>
    </Form>
  );

  const dialog = (
    <Dialog open={modal} onClose={close} title={title} width="480px" initialFocusRef={children ? undefined : cancelRef}>
      {form(true)}
    </Dialog>
  );

  if (trigger) {
    return (
      <>
        <details className={styles.details}>
          <summary
            className={`btn btn-secondary ${styles.trigger}`}
            // Hydrated: the question is a dialog, and the summary does not unfold the in-place form.
            onClick={(event) => { event.preventDefault(); setOpen(true); }}
          >
            {trigger}
          </summary>
          {modal ? null : <section className={styles.panel} aria-labelledby={titleId}><h3 id={titleId} className={styles.title}>{title}</h3>{form(false)}</section>}
        </details>
        {dialog}
      </>
    );
  }
  if (!asked) return null;
  return modal ? dialog : (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>{title}</h2>
      {form(false)}
    </section>
  );
}
