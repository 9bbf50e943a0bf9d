import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '#app/components/ui/Dialog.tsx';
import { api } from '#app/lib/api.ts';
import { FEEDBACK_MESSAGE_MAX, feedbackInput } from '#app/modules/content/content.schema.ts';
import styles from './WriteUsDialog.module.css';

type Field = 'name' | 'phone' | 'email' | 'message' | 'acceptGDPR';
type Errors = Partial<Record<Field, string>>;

/** The 'write us' modal (spec §2): validated in the browser and again on the server with the same schema. */
export function WriteUsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const formId = useId();
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [thanks, setThanks] = useState<string | null>(null);

  const close = () => {
    onClose();
    if (thanks) setThanks(null);
  };

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget));
    const values = { ...data, acceptGDPR: data.acceptGDPR === 'on' ? true : undefined, pageUrl: window.location.pathname };
    const parsed = feedbackInput.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])) as Errors);
      return;
    }
    setErrors({});
    setServerError(null);
    setSending(true);
    const result = await api<{ message: string }>('POST', '/api/feedback', values);
    setSending(false);
    if (result.error_status === 'success') setThanks(result.message);
    else {
      setServerError(result.message);
      if (result.fields) setErrors(result.fields as Errors);
    }
  }

  const field = (name: Field) => ({
    id: `${formId}-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${formId}-${name}-error` : undefined,
  });
  const error = (name: Field) => errors[name]
    ? <span id={`${formId}-${name}-error`} className={styles.error}>{errors[name]}</span>
    : null;

  return (
    <Dialog open={open} onClose={close} title={thanks ? 'Сообщение отправлено' : 'Написать нам'} id="write-us">
      {thanks ? (
        <div className={styles.thanks} role="status">
          <p>{thanks}</p>
          <button type="button" className="btn btn-brand" onClick={close}>Хорошо</button>
        </div>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <p className={styles.lead}>Задайте вопрос о технике, запчастях или сервисе — ответит ближайший филиал.</p>
          <label className={styles.label} htmlFor={`${formId}-name`}>Ваше имя</label>
          <input className={styles.input} autoComplete="name" maxLength={120} {...field('name')} />
          {error('name')}
          <label className={styles.label} htmlFor={`${formId}-phone`}>Номер телефона</label>
          <input className={styles.input} type="tel" inputMode="tel" autoComplete="tel" placeholder="+7 (___) ___-__-__" maxLength={20} {...field('phone')} />
          {error('phone')}
          <label className={styles.label} htmlFor={`${formId}-email`}>E-mail <span className={styles.optional}>(необязательно)</span></label>
          <input className={styles.input} type="email" autoComplete="email" maxLength={254} {...field('email')} />
          {error('email')}
          <label className={styles.label} htmlFor={`${formId}-message`}>Сообщение</label>
          <textarea className={styles.textarea} rows={4} maxLength={FEEDBACK_MESSAGE_MAX} {...field('message')} />
          {error('message')}
          <label className={styles.consent}>
            <input type="checkbox" {...field('acceptGDPR')} />
            <span>Согласен на обработку персональных данных в соответствии с <Link to="/documents/policy-privacy" target="_blank" rel="noopener">Политикой конфиденциальности</Link></span>
          </label>
          {error('acceptGDPR')}
          {serverError ? <p className={styles.serverError} role="alert">{serverError}</p> : null}
          <button type="submit" className="btn btn-primary" disabled={sending}>{sending ? 'Отправляем…' : 'Отправить'}</button>
        </form>
      )}
    </Dialog>
  );
}
