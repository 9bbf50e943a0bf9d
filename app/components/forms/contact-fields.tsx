import { Fragment, useId, useState, type ReactNode } from 'react';
import { Dialog } from '#app/components/ui/Dialog.tsx';
import { Link } from '#app/components/ui/Link.tsx';
import { PhoneInput } from '#app/components/ui/PhoneInput.tsx';
import { api } from '#app/lib/api.ts';
import type { PhoneCountry } from '#app/lib/phone.ts';
import { FieldError, TextField, formStyles, type SchemaFormState } from './form-kit.tsx';
import styles from './contact-fields.module.css';

/*
 * What the visitors' message and request forms share ('Написать нам', the offer, service and
 * financing requests, and the forms of later issues): the contact fields, the 152-ФЗ consent, a
 * multi-line field, the sending, and the dialog that thanks the visitor and starts the next form
 * clean.
 */

/** The numbers the forms take (11 or 12 digits): masked as in the auth forms, Belarus too. */
const PHONE_COUNTRIES: readonly PhoneCountry[] = ['RU', 'KZ', 'BY'];

/** The contact values every such form has. */
export interface ContactValues { name: string; phone: string; email: string; acceptGDPR: boolean }

export const EMPTY_CONTACTS: ContactValues = { name: '', phone: '', email: '', acceptGDPR: false };

/** A multi-line field, with its error under it. */
export function TextArea({ form, name, label, optional, placeholder, maxLength, rows = 3 }: {
  form: SchemaFormState; name: string; label: string; optional?: boolean; placeholder?: string; maxLength: number; rows?: number;
}) {
  const id = useId();
  const error = form.shown(name);
  return (
    <div className={formStyles.field}>
      <label className={formStyles.label} htmlFor={id}>{label}{optional ? <> <span className={styles.optional}>(необязательно)</span></> : null}</label>
      <textarea
        id={id}
        name={name}
        data-field={name}
        className={styles.textarea}
        rows={rows}
        maxLength={maxLength}
        placeholder={placeholder}
        value={String(form.values[name] ?? '')}
        onChange={(event) => form.set(name, event.currentTarget.value)}
        onBlur={() => form.touch(name)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** Name, phone, optional e-mail: the visitor's contacts. */
export function ContactFields({ form }: { form: SchemaFormState }) {
  const id = useId();
  const phoneError = form.shown('phone');
  return (
    <>
      <TextField label="Ваше имя" name="name" autoComplete="name" maxLength={120} {...form.bind('name')} />
      <div data-field="phone" onBlur={() => form.touch('phone')}>
        <PhoneInput
          value={String(form.values.phone ?? '')}
          onChange={(digits) => form.set('phone', digits)}
          countries={PHONE_COUNTRIES}
          required
          invalid={Boolean(phoneError)}
          describedBy={phoneError ? `${id}-phone-error` : undefined}
        />
        <FieldError id={`${id}-phone-error`} message={phoneError} />
      </div>
      <TextField label="E-mail (необязательно)" type="email" name="email" autoComplete="email" inputMode="email" maxLength={254} {...form.bind('email')} />
    </>
  );
}

/** The 152-ФЗ consent, recorded with what is sent (its text version, time and address). */
export function ConsentField({ form }: { form: SchemaFormState }) {
  const id = useId();
  const error = form.shown('acceptGDPR');
  return (
    <div>
      <label className={styles.consent}>
        <input
          type="checkbox"
          name="acceptGDPR"
          data-field="acceptGDPR"
          checked={form.values.acceptGDPR === true}
          onChange={(event) => { form.set('acceptGDPR', event.currentTarget.checked); form.touch('acceptGDPR'); }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-consent-error` : undefined}
        />
        <span>Согласен на обработку персональных данных в соответствии с <Link to="/documents/policy-privacy" target="_blank" rel="noopener">Политикой конфиденциальности</Link></span>
      </label>
      <FieldError id={`${id}-consent-error`} message={error} />
    </div>
  );
}

/** Sends the form's values (and `extra`); the server's refusal shows at the form, per field when it names one. */
export function useSend(form: SchemaFormState, path: string, onSent: (message: string) => void, extra?: () => Record<string, unknown>) {
  const [sending, setSending] = useState(false);
  async function send() {
    setSending(true);
    form.clearFailure();
    const result = await api<{ message: string }>('POST', path, { ...form.values, ...extra?.() });
    setSending(false);
    if (result.error_status === 'success') onSent(result.message);
    else form.fail({ message: result.message, ...(result.fields ? { fields: result.fields } : {}) });
  }
  return { sending, send };
}

/**
 * A form in a dialog that thanks the visitor when it is sent (the server's words) and, once he
 * closes it, starts the next form empty. `form(onSent)` draws the form; `sentTitle` titles the thanks.
 */
export function FormDialog({ id, open, onClose, title, sentTitle, form }: {
  id: string; open: boolean; onClose: () => void; title: string; sentTitle: string; form: (onSent: (message: string) => void) => ReactNode;
}) {
  const [thanks, setThanks] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const close = () => {
    onClose();
    if (thanks) {
      setThanks(null);
      setRound((n) => n + 1);
    }
  };
  return (
    <Dialog open={open} onClose={close} title={thanks ? sentTitle : title} id={id} placement="top">
      {thanks ? (
        <div className={styles.thanks} role="status">
          <p>{thanks}</p>
          <button type="button" className="btn btn-brand" onClick={close}>Хорошо</button>
        </div>
      ) : <Fragment key={round}>{form(setThanks)}</Fragment>}
    </Dialog>
  );
}
