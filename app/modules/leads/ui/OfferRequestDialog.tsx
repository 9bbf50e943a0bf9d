import { useEffect, useId, useState } from 'react';
import { useSignedInData } from '#app/components/page/visitor.tsx';
import { FieldError, SchemaForm, ServerAlert, SubmitButton, TextField, formStyles, useSchemaForm } from '#app/components/forms/form-kit.tsx';
import { Dialog } from '#app/components/ui/Dialog.tsx';
import { Link } from '#app/components/ui/Link.tsx';
import { PhoneInput } from '#app/components/ui/PhoneInput.tsx';
import { api } from '#app/lib/api.ts';
import type { PhoneCountry } from '#app/lib/phone.ts';
import { LEAD_COMMENT_MAX, offerRequestInput, type LeadContacts } from '../leads.schema.ts';
import styles from './OfferRequestDialog.module.css';

/** The numbers the form takes (11 or 12 digits): masked as in the auth forms, Belarus too. */
const PHONE_COUNTRIES: readonly PhoneCountry[] = ['RU', 'KZ', 'BY'];

interface RequestValues extends Record<string, unknown> {
  modelId: number;
  name: string;
  phone: string;
  email: string;
  comment: string;
  acceptGDPR: boolean;
}

export interface OfferRequestDialogProps {
  open: boolean;
  onClose: () => void;
  model: { id: number; name: string };
  branchName: string | null;
}

/**
 * The commercial-offer request (issue 28 §4 point 8, ADR 069): the model and the branch that answers
 * are named, the visitor leaves his contacts (filled from his account once the page has them) and a
 * comment, gives the 152-ФЗ consent, and gets the request's number.
 */
export function OfferRequestDialog({ open, onClose, model, branchName }: OfferRequestDialogProps) {
  const [thanks, setThanks] = useState<string | null>(null);
  // A new, empty form after each confirmation: the next request starts clean.
  const [round, setRound] = useState(0);
  const close = () => {
    onClose();
    if (thanks) {
      setThanks(null);
      setRound((n) => n + 1);
    }
  };
  return (
    <Dialog open={open} onClose={close} title={thanks ? 'Запрос отправлен' : 'Запрос коммерческого предложения'} id="offer-request" placement="top">
      {thanks ? (
        <div className={styles.thanks} role="status">
          <p>{thanks}</p>
          <button type="button" className="btn btn-brand" onClick={close}>Хорошо</button>
        </div>
      ) : <RequestForm key={round} model={model} branchName={branchName} onSent={setThanks} />}
    </Dialog>
  );
}

function RequestForm({ model, branchName, onSent }: { model: { id: number; name: string }; branchName: string | null; onSent: (message: string) => void }) {
  const id = useId();
  const form = useSchemaForm(offerRequestInput, (): RequestValues => ({ modelId: model.id, name: '', phone: '', email: '', comment: '', acceptGDPR: false }));
  const { values } = form;
  const [sending, setSending] = useState(false);

  // A signed-in visitor's contacts come after hydration (the page is shared): they fill only what he has not typed.
  const { data: contacts } = useSignedInData<LeadContacts>('/api/leads/contacts');
  useEffect(() => {
    if (!contacts) return;
    for (const key of ['name', 'phone', 'email'] as const) {
      if (contacts[key] && !values[key]) form.set(key, contacts[key]);
    }
    // Once, when the contacts come; what the visitor types afterwards is his.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [contacts]);

  async function send() {
    setSending(true);
    form.clearFailure();
    const result = await api<{ message: string; id: number }>('POST', '/api/leads/offer-request', values);
    setSending(false);
    if (result.error_status === 'success') onSent(result.message);
    else form.fail({ message: result.message, ...(result.fields ? { fields: result.fields } : {}) });
  }

  const phoneError = form.shown('phone');
  const commentError = form.shown('comment');
  const consentError = form.shown('acceptGDPR');

  return (
    <SchemaForm form={form} onValid={send}>
      <p className={styles.about}>
        <strong>{model.name}</strong>
        <br />
        {branchName ? `Предложение подготовит менеджер филиала «${branchName}»: цена, комплектация, лизинг или кредит, доставка.` : 'Менеджер подготовит предложение: цена, комплектация, лизинг или кредит, доставка.'}
      </p>
      <TextField label="Ваше имя" name="name" autoComplete="name" maxLength={120} {...form.bind('name')} />
      <div data-field="phone" onBlur={() => form.touch('phone')}>
        <PhoneInput
          value={values.phone}
          onChange={(digits) => form.set('phone', digits)}
          countries={PHONE_COUNTRIES}
          required
          invalid={Boolean(phoneError)}
          describedBy={phoneError ? `${id}-phone-error` : undefined}
        />
        <FieldError id={`${id}-phone-error`} message={phoneError} />
      </div>
      <TextField label="E-mail (необязательно)" type="email" name="email" autoComplete="email" inputMode="email" maxLength={254} {...form.bind('email')} />
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor={`${id}-comment`}>Комментарий <span className={styles.optional}>(необязательно)</span></label>
        <textarea
          id={`${id}-comment`}
          data-field="comment"
          className={styles.textarea}
          rows={3}
          maxLength={LEAD_COMMENT_MAX}
          placeholder="Например: нужен лизинг на 3 года и доставка в хозяйство"
          value={values.comment}
          onChange={(event) => form.set('comment', event.currentTarget.value)}
          onBlur={() => form.touch('comment')}
          aria-invalid={commentError ? true : undefined}
          aria-describedby={commentError ? `${id}-comment-error` : undefined}
        />
        <FieldError id={`${id}-comment-error`} message={commentError} />
      </div>
      <div>
        <label className={styles.consent}>
          <input
            type="checkbox"
            name="acceptGDPR"
            data-field="acceptGDPR"
            checked={values.acceptGDPR}
            onChange={(event) => { form.set('acceptGDPR', event.currentTarget.checked); form.touch('acceptGDPR'); }}
            aria-invalid={consentError ? true : undefined}
            aria-describedby={consentError ? `${id}-consent-error` : undefined}
          />
          <span>Согласен на обработку персональных данных в соответствии с <Link to="/documents/policy-privacy" target="_blank" rel="noopener">Политикой конфиденциальности</Link></span>
        </label>
        <FieldError id={`${id}-consent-error`} message={consentError} />
      </div>
      <ServerAlert message={form.failure?.message ?? null} />
      <div className={formStyles.actions}>
        <SubmitButton disabled={!form.valid} busy={sending}>Отправить запрос</SubmitButton>
      </div>
    </SchemaForm>
  );
}
