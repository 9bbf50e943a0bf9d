import { useId, useState } from 'react';
import { Link } from '#app/components/ui/Link.tsx';
import { Dialog } from '#app/components/ui/Dialog.tsx';
import { PhoneInput } from '#app/components/ui/PhoneInput.tsx';
import { FieldError, SchemaForm, ServerAlert, SubmitButton, TextField, formStyles, useSchemaForm } from '#app/components/forms/form-kit.tsx';
import { api } from '#app/lib/api.ts';
import type { PhoneCountry } from '#app/lib/phone.ts';
import { FEEDBACK_MESSAGE_MAX, feedbackInput } from '#app/modules/content/content.schema.ts';
import styles from './WriteUsDialog.module.css';

/** The numbers the feedback form takes (11 or 12 digits): masked as in the auth forms, Belarus too. */
const FEEDBACK_PHONE_COUNTRIES: readonly PhoneCountry[] = ['RU', 'KZ', 'BY'];

interface FeedbackValues extends Record<string, unknown> {
  name: string;
  phone: string;
  email: string;
  message: string;
  acceptGDPR: boolean;
}

const EMPTY: FeedbackValues = { name: '', phone: '', email: '', message: '', acceptGDPR: false };

/**
 * The 'write us' modal (spec §2), built from the form kit: validated in the browser and again on the
 * server with the same schema; a refused submit moves focus to the first field to correct; the phone
 * is masked like the auth forms' (PhoneInput).
 */
export function WriteUsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [thanks, setThanks] = useState<string | null>(null);
  // A new form (empty, no messages) for each thank-you: the next message starts clean.
  const [round, setRound] = useState(0);

  const close = () => {
    onClose();
    if (thanks) {
      setThanks(null);
      setRound((n) => n + 1);
    }
  };

  return (
    <Dialog open={open} onClose={close} title={thanks ? 'Сообщение отправлено' : 'Написать нам'} id="write-us" placement="top">
      {thanks ? (
        <div className={styles.thanks} role="status">
          <p>{thanks}</p>
          <button type="button" className="btn btn-brand" onClick={close}>Хорошо</button>
        </div>
      ) : <FeedbackForm key={round} onSent={setThanks} />}
    </Dialog>
  );
}

function FeedbackForm({ onSent }: { onSent: (message: string) => void }) {
  const id = useId();
  const form = useSchemaForm(feedbackInput, EMPTY);
  const { values } = form;
  const [sending, setSending] = useState(false);

  async function send() {
    setSending(true);
    form.clearFailure();
    const result = await api<{ message: string }>('POST', '/api/feedback', { ...values, pageUrl: window.location.pathname });
    setSending(false);
    if (result.error_status === 'success') onSent(result.message);
    else form.fail({ message: result.message, ...(result.fields ? { fields: result.fields } : {}) });
  }

  const phoneError = form.shown('phone');
  const messageError = form.shown('message');
  const consentError = form.shown('acceptGDPR');

  return (
    <SchemaForm form={form} onValid={send}>
      <p className={formStyles.lead}>Задайте вопрос о технике, запчастях или сервисе — ответит ближайший филиал.</p>
      <TextField label="Ваше имя" name="name" autoComplete="name" maxLength={120} {...form.bind('name')} />
      <div data-field="phone" onBlur={() => form.touch('phone')}>
        <PhoneInput
          value={values.phone}
          onChange={(digits) => form.set('phone', digits)}
          countries={FEEDBACK_PHONE_COUNTRIES}
          required
          invalid={Boolean(phoneError)}
          describedBy={phoneError ? `${id}-phone-error` : undefined}
        />
        <FieldError id={`${id}-phone-error`} message={phoneError} />
      </div>
      <TextField
        label="E-mail (необязательно)"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        maxLength={254}
        {...form.bind('email')}
      />
      <div className={formStyles.field}>
        <label className={formStyles.label} htmlFor={`${id}-message`}>Сообщение</label>
        <textarea
          id={`${id}-message`}
          data-field="message"
          className={styles.textarea}
          rows={4}
          maxLength={FEEDBACK_MESSAGE_MAX}
          value={values.message}
          onChange={(event) => form.set('message', event.currentTarget.value)}
          onBlur={() => form.touch('message')}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={messageError ? `${id}-message-error` : undefined}
        />
        <FieldError id={`${id}-message-error`} message={messageError} />
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
        <SubmitButton disabled={!form.valid} busy={sending}>Отправить</SubmitButton>
      </div>
    </SchemaForm>
  );
}
