import { ConsentField, ContactFields, EMPTY_CONTACTS, FormDialog, TextArea, useSend } from '#app/components/forms/contact-fields.tsx';
import { SchemaForm, ServerAlert, SubmitButton, formStyles, useSchemaForm } from '#app/components/forms/form-kit.tsx';
import { LEAD_COMMENT_MAX, offerRequestInput } from '../leads.schema.ts';
import { usePrefilledContacts } from './use-prefilled-contacts.ts';
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
  return (
    <FormDialog id="offer-request" open={open} onClose={onClose} title="Запрос коммерческого предложения" sentTitle="Запрос отправлен"
      form={(onSent) => <RequestForm model={model} branchName={branchName} onSent={onSent} />} />
  );
}

function RequestForm({ model, branchName, onSent }: { model: { id: number; name: string }; branchName: string | null; onSent: (message: string) => void }) {
  const form = useSchemaForm(offerRequestInput, (): RequestValues => ({ modelId: model.id, ...EMPTY_CONTACTS, comment: '' }));
  usePrefilledContacts(form);
  const { sending, send } = useSend(form, '/api/leads/offer-request', onSent);

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
