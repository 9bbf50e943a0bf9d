import { useId, useState } from 'react';
import type { FormEvent, FormHTMLAttributes, InputHTMLAttributes, ReactElement, ReactNode } from 'react';
import type { z } from '#app/lib/zod.ts';
import { firstInvalidField, firstIssueByField, invalidSubmitAnnouncement, sameValues, standingFieldErrors } from './form.rules.ts';
import styles from './forms.module.css';

/*
 * The form kit of the whole shop: a form's values checked with the one Zod schema the server also
 * validates with, and the fields, alerts and buttons that show the result. Accounts, 'Написать нам',
 * the profile, the cart and offers build their forms from it.
 *
 * What every form gets from it (keyboard and screen readers, issue 7):
 * - a refused submit moves focus to the first invalid field, in the order the page shows them
 *   (fields carry `data-field`), and the form's live region says that nothing was sent and why;
 * - each message is tied to its field (aria-invalid, aria-describedby) and goes as soon as the value
 *   is corrected, not at the next submit;
 * - a server message about what was sent goes once one of those fields is changed.
 */

/** A server refusal kept by the form: shown while the fields it was about still hold what was sent. */
export interface FormFailure {
  message: string;
  /** Spec §8 error code, when the server gave one. */
  code?: string | null;
  /** Seconds until a limit lifts (Retry-After), when the server said. */
  retryAfterSeconds?: number;
  /** Messages per field (the API's `fields`), shown under their fields. */
  fields?: Record<string, string>;
}

/** Fields whose change does not make a server message stale: the captcha resets itself after every failure. */
const QUIET_FIELDS = new Set(['captchaToken']);

const FIELD_SELECTOR = '[data-field]';
const FOCUS_TARGET = 'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/** The fields of a form in the order the page shows them. */
function fieldOrder(root: HTMLElement): string[] {
  const keys = Array.from(root.querySelectorAll<HTMLElement>(FIELD_SELECTOR), (el) => el.dataset.field ?? '');
  return [...new Set(keys.filter(Boolean))];
}

/** Focus on a field: the control itself, or the first text box inside its wrapper (the number, not the country). */
export function focusField(root: HTMLElement, key: string): boolean {
  const holder = Array.from(root.querySelectorAll<HTMLElement>(FIELD_SELECTOR)).find((el) => el.dataset.field === key);
  if (!holder) return false;
  const target = holder.matches('input, textarea, select, button')
    ? holder
    : holder.querySelector<HTMLElement>('input:not([type="hidden"]):not([disabled]):not([type="checkbox"]):not([type="radio"]), textarea:not([disabled])')
      ?? holder.querySelector<HTMLElement>(FOCUS_TARGET);
  if (!target) return false;
  target.focus();
  return true;
}

/**
 * The values of a form checked on every change with the same Zod schema the server uses. A message
 * shows under a field once the user has left it or tried to submit, and goes as soon as the value is
 * right; submit looks disabled while the values are invalid (spec §5) but still answers, by taking the
 * user to what is wrong.
 */
export function useSchemaForm<V extends Record<string, unknown>>(schema: z.ZodType, initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [changed, setChanged] = useState<Partial<Record<keyof V, boolean>>>({});
  const [attempted, setAttempted] = useState(false);
  const [failed, setFailed] = useState<{ failure: FormFailure; sent: V } | null>(null);
  const [announcement, setAnnouncement] = useState({ text: '', n: 0 });
  const result = schema.safeParse(values);
  const own: Partial<Record<string, string>> = result.success ? {} : firstIssueByField(result.error.issues);
  const fromServer = failed?.failure.fields ? standingFieldErrors(failed.failure.fields, failed.sent, values) : {};
  const errors: Partial<Record<string, string>> = { ...fromServer, ...own };
  const failureKeys = Object.keys(values).filter((key) => !QUIET_FIELDS.has(key));
  const failure = failed && sameValues(failed.sent, values, failureKeys) ? failed.failure : null;
  const markChanged = (key: keyof V) => setChanged((c) => (c[key] ? c : { ...c, [key]: true }));
  // The live region tells why the last submit was refused; once the user edits, that is history.
  const quiet = () => setAnnouncement((a) => (a.text ? { text: '', n: a.n } : a));
  const shown = (key: keyof V & string): string | undefined => {
    if (fromServer[key] && !own[key]) return fromServer[key];
    return (touched[key] && changed[key]) || attempted ? errors[key] : undefined;
  };
  return {
    values,
    /** The values pass the schema (server messages per field do not block a new try). */
    valid: result.success,
    errors,
    attempted,
    set: <K extends keyof V>(key: K, value: V[K]) => {
      setValues((v) => ({ ...v, [key]: value }));
      markChanged(key);
      quiet();
    },
    touch: (key: keyof V) => setTouched((t) => (t[key] ? t : { ...t, [key]: true })),
    /**
     * Left after being edited. A field passed through untouched stays quiet: a message appearing on
     * blur would move the link the user is clicking ('Регистрация', 'Забыли пароль?') from under the pointer.
     */
    isTouched: (key: keyof V) => touched[key] === true && changed[key] === true,
    /** The message under a field: after it was edited and left, or after a submit attempt; a server one until the field changes. */
    shown,
    attempt: () => setAttempted(true),
    /**
     * The submit of the form: counts the attempt and answers whether to send. When the values are
     * invalid, focus goes to the first invalid field and the live region says why nothing was sent.
     */
    check: (event: FormEvent<HTMLFormElement>): boolean => {
      setAttempted(true);
      if (result.success) {
        setAnnouncement((a) => (a.text ? { text: '', n: a.n } : a));
        return true;
      }
      const root = event.currentTarget;
      const order = fieldOrder(root);
      const first = firstInvalidField(order, own);
      const messages = order.map((key) => own[key]).filter((m): m is string => Boolean(m));
      setAnnouncement((a) => ({ text: invalidSubmitAnnouncement(messages), n: a.n + 1 }));
      // After React has drawn the messages, so the field is read with its aria-describedby.
      if (first) requestAnimationFrame(() => focusField(root, first));
      return false;
    },
    /** The server refused: keep its message while the fields it was about still hold what was sent. */
    fail: (next: FormFailure) => setFailed({ failure: next, sent: values }),
    clearFailure: () => setFailed(null),
    /** The server's refusal of the values now in the form, or null once the user changed them. */
    failure,
    /** The text of the form's live region (see SchemaForm). */
    announcement,
    /** Value, change, blur and message of a text field: `<TextField {...form.bind('email')} />`. */
    bind: (key: keyof V & string) => ({
      value: String(values[key] ?? ''),
      onChange: (value: string) => {
        setValues((v) => ({ ...v, [key]: value }));
        markChanged(key);
        quiet();
      },
      onBlur: () => setTouched((t) => (t[key] ? t : { ...t, [key]: true })),
      error: shown(key),
      'data-field': key,
    }),
  };
}

export type SchemaFormState = ReturnType<typeof useSchemaForm<Record<string, unknown>>>;

interface SchemaFormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> {
  form: Pick<SchemaFormState, 'check' | 'announcement'>;
  /** Called with valid values only; a refused submit has already moved focus to the first invalid field. */
  onValid: (event: FormEvent<HTMLFormElement>) => void | Promise<void>;
  children: ReactNode;
}

/**
 * A form of the kit: no browser bubbles (the kit's messages replace them), the submit checked with
 * the schema, and a polite live region that says why a submit was refused.
 */
export function SchemaForm({ form, onValid, children, className, ...rest }: SchemaFormProps): ReactElement {
  return (
    <form
      {...rest}
      className={className ?? styles.form}
      noValidate
      // Any submit button of the form: pressing it must not take focus from the field being typed
      // in (see SubmitButton), or the field's message would push the button away mid-click.
      onMouseDown={(event) => {
        if ((event.target as Element).closest('button[type="submit"]')) event.preventDefault();
      }}
      onSubmit={(event) => {
        event.preventDefault();
        if (form.check(event)) void onValid(event);
      }}
    >
      {children}
      <LiveRegion text={form.announcement.text} n={form.announcement.n} />
    </form>
  );
}

/**
 * A status line for screen readers only. The same message twice in a row is still read: every
 * announcement alternates an invisible trailing character, so the region's text always changes.
 */
export function LiveRegion({ text, n }: { text: string; n: number }): ReactElement {
  return <p className="visually-hidden" role="status" aria-live="polite">{text ? `${text}${n % 2 ? '\u00a0' : ''}` : ''}</p>;
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  'data-field'?: string;
}

export function TextField({ label, value, onChange, error, hint, id, ...input }: TextFieldProps): ReactElement {
  const own = useId();
  const inputId = id ?? own;
  const errorId = `${inputId}-error`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={inputId}>{label}</label>
      <input
        {...input}
        id={inputId}
        className={styles.input}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {hint}
      {error ? <span id={errorId} className={styles.error}>{error}</span> : null}
    </div>
  );
}

/** A message under a field that renders its own label (phone, code, captcha); `id` ties it to the control. */
export function FieldError({ message, id }: { message?: string; id?: string }): ReactElement | null {
  return message ? <span id={id} className={styles.error}>{message}</span> : null;
}

/** Spec §8: the server's message of an answer with error_status 'error', with optional links. */
export function ServerAlert({ message, children, id }: { message: string | null; children?: ReactNode; id?: string }): ReactElement | null {
  if (!message) return null;
  return (
    <div id={id} className={styles.alert} role="alert">
      <span>{message}</span>
      {children ? <span className={styles.alertLinks}>{children}</span> : null}
    </div>
  );
}

/** A success line (a letter sent, a code sent), read out politely. */
export function InfoLine({ message }: { message: string | null }): ReactElement | null {
  return message ? <p className={styles.info} role="status">{message}</p> : null;
}

/**
 * The submit button. `disabled` (values invalid, spec §5) looks disabled and says so to assistive
 * technology (aria-disabled) but still submits, so the form can take the user to what is wrong;
 * `busy` (a request in flight) really disables it.
 */
export function SubmitButton({ disabled, busy, children }: { disabled: boolean; busy: boolean; children: ReactNode }): ReactElement {
  return (
    <button
      type="submit"
      className={`btn btn-primary ${styles.submit}`}
      disabled={busy}
      aria-disabled={disabled || busy || undefined}
      aria-busy={busy || undefined}
      // Pressing the button would take focus from the field being typed in, whose message then
      // appears on blur and pushes the button down between press and release: the click would be
      // lost. Focus stays in the field; the submit moves it to what is wrong, if anything.
      onMouseDown={(event) => event.preventDefault()}
    >
      {busy ? 'Отправляем…' : children}
    </button>
  );
}

/** A link-looking button that switches the form inside the modal. */
export function LinkButton({ onClick, children, disabled }: { onClick: () => void; children: ReactNode; disabled?: boolean }): ReactElement {
  return <button type="button" className={styles.linkButton} onClick={onClick} disabled={disabled}>{children}</button>;
}

export { styles as formStyles };
