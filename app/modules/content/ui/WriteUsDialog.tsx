import { ConsentField, ContactFields, EMPTY_CONTACTS, FormDialog, TextArea, useSend, type ContactValues } from '#app/components/forms/contact-fields.tsx';
import { SchemaForm, ServerAlert, SubmitButton, formStyles, useSchemaForm } from '#app/components/forms/form-kit.tsx';
import { FEEDBACK_MESSAGE_MAX, feedbackInput } from '#app/modules/content/content.schema.ts';

interface FeedbackValues extends ContactValues, Record<string, unknown> { message: string }

/**
 * The 'write us' modal (spec §2), built from the form kit: validated in the browser and again on the
 * server with the same schema; a refused submit moves focus to the first field to correct; the phone
 * is masked like the auth forms' (PhoneInput).
 */
export function WriteUsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return <FormDialog id="write-us" open={open} onClose={onClose} title="Написать нам" sentTitle="Сообщение отправлено" form={(onSent) => <FeedbackForm onSent={onSent} />} />;
}

function FeedbackForm({ onSent }: { onSent: (message: string) => void }) {
  const form = useSchemaForm(feedbackInput, (): FeedbackValues => ({ ...EMPTY_CONTACTS, message: '' }));
  const { sending, send } = useSend(form, '/api/feedback', onSent, () => ({ pageUrl: window.location.pathname }));
  return (
    <SchemaForm form={form} onValid={send}>
      <p className={formStyles.lead}>Задайте вопрос о технике, запчастях или сервисе — ответит ближайший филиал.</p>
      <ContactFields form={form} />
      <TextArea form={form} name="message" label="Сообщение" rows={4} maxLength={FEEDBACK_MESSAGE_MAX} />
      <ConsentField form={form} />
      <ServerAlert message={form.failure?.message ?? null} />
      <div className={formStyles.actions}>
        <SubmitButton disabled={!form.valid} busy={sending}>Отправить</SubmitButton>
      </div>
    </SchemaForm>
  );
}
