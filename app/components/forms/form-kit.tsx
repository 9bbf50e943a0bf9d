import { useId, useState } from 'react';
import type { InputHTMLAttributes, ReactElement, ReactNode } from 'react';
import type { z } from '#app/lib/zod.ts';
import { firstIssueByField } from './form.rules.ts';
import styles from './forms.module.css';

/*
 * The form kit of the whole shop: a form's values checked with the one Zod schema the server also
 * validates with, and the fields, alerts and buttons that show the result. Accounts, 'Написать нам',
 * the profile, the cart and offers build their forms from it.
 */

/**
 * The values of a form checked on every change with the same Zod schema the server uses. A message
 * shows under a field once the user has left it or tried to submit; submit stays disabled while
 * the values are invalid (spec §5).
 */
export function useSchemaForm<V extends Record<string, unknown>>(schema: z.ZodType, initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [changed, setChanged] = useState<Partial<Record<keyof V, boolean>>>({});
  const [attempted, setAttempted] = useState(false);
  const result = schema.safeParse(values);
  const errors: Partial<Record<string, string>> = result.success ? {} : firstIssueByField(result.error.issues);
  return {
    values,
    valid: result.success,
    errors,
    attempted,
    set: <K extends keyof V>(key: K, value: V[K]) => {
      setValues((v) => ({ ...v, [key]: value }));
      setChanged((c) => (c[key] ? c : { ...c, [key]: true }));
    },
    touch: (key: keyof V) => setTouched((t) => (t[key] ? t : { ...t, [key]: true })),
    /**
     * Left after being edited. A field passed through untouched stays quiet: a message appearing on
     * blur would move the link the user is clicking ('Регистрация', 'Забыли пароль?') from under the pointer.
     */
    isTouched: (key: keyof V) => touched[key] === true && changed[key] === true,
    /** The message under a field: after it was edited and left, or after a submit attempt. */
    shown: (key: keyof V & string): string | undefined => ((touched[key] && changed[key]) || attempted ? errors[key] : undefined),
    attempt: () => setAttempted(true),
    /** Value, change, blur and message of a text field: `<TextField {...form.bind('email')} />`. */
    bind: (key: keyof V & string) => ({
      value: String(values[key] ?? ''),
      onChange: (value: string) => {
        setValues((v) => ({ ...v, [key]: value }));
        setChanged((c) => (c[key] ? c : { ...c, [key]: true }));
      },
      onBlur: () => setTouched((t) => (t[key] ? t : { ...t, [key]: true })),
      error: (touched[key] && changed[key]) || attempted ? errors[key] : undefined,
    }),
  };
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
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

/** A message under a field that renders its own label (phone, code, captcha). */
export function FieldError({ message }: { message?: string }): ReactElement | null {
  return message ? <span className={styles.error}>{message}</span> : null;
}

/** Spec §8: the server's message of an answer with error_status 'error', with optional links. */
export function ServerAlert({ message, children }: { message: string | null; children?: ReactNode }): ReactElement | null {
  if (!message) return null;
  return (
    <div className={styles.alert} role="alert">
      <span>{message}</span>
      {children ? <span className={styles.alertLinks}>{children}</span> : null}
    </div>
  );
}

export function SubmitButton({ disabled, busy, children }: { disabled: boolean; busy: boolean; children: ReactNode }): ReactElement {
  return (
    <button type="submit" className={`btn btn-primary ${styles.submit}`} disabled={disabled || busy} aria-busy={busy || undefined}>
      {busy ? 'Отправляем…' : children}
    </button>
  );
}

/** A link-looking button that switches the form inside the modal. */
export function LinkButton({ onClick, children, disabled }: { onClick: () => void; children: ReactNode; disabled?: boolean }): ReactElement {
  return <button type="button" className={styles.linkButton} onClick={onClick} disabled={disabled}>{children}</button>;
}

export { styles as formStyles };
