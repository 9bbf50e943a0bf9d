import { useEffect, useId } from 'react';
import { FieldError, TextField, formStyles, type SchemaFormState } from '#app/components/forms/form-kit.tsx';
import { useSignedInData } from '#app/components/page/visitor.tsx';
import { Link } from '#app/components/ui/Link.tsx';
import { PhoneInput } from '#app/components/ui/PhoneInput.tsx';
import type { PhoneCountry } from '#app/lib/phone.ts';
import type { LeadContacts } from '../leads.schema.ts';
import styles from './OfferRequestDialog.module.css';

/** The numbers the forms take (11 or 12 digits): masked as in the auth forms, Belarus too. */
const PHONE_COUNTRIES: readonly PhoneCountry[] = ['RU', 'KZ', 'BY'];

/** The contact values every request form has. */
export interface ContactValues { name: string; phone: string; email: string; acceptGDPR: boolean }

export const EMPTY_CONTACTS: ContactValues = { name: '', phone: '', email: '', acceptGDPR: false };

/**
 * A signed-in visitor's contacts fill the form after hydration (the page is shared and carries
 * none of them): only what he has not typed, once, when they come.
 */
export function usePrefilledContacts(form: SchemaFormState): void {
  const { data: contacts } = useSignedInData<LeadContacts>('/api/leads/contacts');
  useEffect(() => {
    if (!contacts) return;
    for (const key of ['name', 'phone', 'email'] as const) {
      if (contacts[key] && !form.values[key]) form.set(key, contacts[key]);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [contacts]);
}

/** A multi-line field of the request forms, with its error under it. */
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

/** Name, phone, optional e-mail: the visitor's contacts, as every request form asks them. */
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

/** The 152-ФЗ consent, recorded with the request (its text version, time and address). */
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
