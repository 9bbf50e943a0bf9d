import { useState } from 'react';
import { SchemaForm, ServerAlert, SubmitButton, formStyles, useSchemaForm} from '#app/components/forms/form-kit.tsx';
import { Dialog } from '#app/components/ui/Dialog.tsx';
import { api } from '#app/lib/api.ts';
import { LEAD_COMMENT_MAX, offerRequestInput } from '../leads.schema.ts';
import { ConsentField, ContactFields, EMPTY_CONTACTS, TextArea, usePrefilledContacts } from './ContactFields.tsx';
import styles from './OfferRequestDialog.module.css';

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
  const form = useSchemaForm(offerRequestInput, (): RequestValues => ({ modelId: model.id, ...EMPTY_CONTACTS, comment: '' }));
  const [sending, setSending] = useState(false);
  usePrefilledContacts(form);

  async function send() {
    setSending(true);
    form.clearFailure();
    const result = await api<{ message: string; id: number }>('POST', '/api/leads/offer-request', form.values);
    setSending(false);
    if (result.error_status === 'success') onSent(result.message);
    else form.fail({ message: result.message, ...(result.fields ? { fields: result.fields } : {}) });
  }

  return (
    <SchemaForm form={form} onValid={send}>
      <p className={styles.about}>
        <strong>{model.name}</strong>
        <br />
        {branchName ? `Предложение подготовит менеджер филиала «${branchName}»: цена, комплектация, лизинг или кредит, доставка.` : 'Менеджер подготовит предложение: цена, комплектация, лизинг или кредит, доставка.'}
      </p>
      <ContactFields form={form} />
      <TextArea form={form} name="comment" label="Комментарий" optional maxLength={LEAD_COMMENT_MAX} placeholder="Например: нужен лизинг на 3 года и доставка в хозяйство" />
      <ConsentField form={form} />
      <ServerAlert message={form.failure?.message ?? null} />
      <div className={formStyles.actions}>
        <SubmitButton disabled={!form.valid} busy={sending}>Отправить запрос</SubmitButton>
      </div>
    </SchemaForm>
  );
}
