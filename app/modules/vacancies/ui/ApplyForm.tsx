import { useState } from 'react';
import { ConsentField, ContactFields, TextArea } from '#app/components/forms/contact-fields.tsx';
import { FieldError, SchemaForm, ServerAlert, SubmitButton, useSchemaForm } from '#app/components/forms/form-kit.tsx';
import { FileField } from '#app/components/ui/FileField.tsx';
import { csrfToken } from '#app/lib/api.ts';
import { APPLY_PATH, CV_ACCEPT, CV_MAX_BYTES } from '../vacancies.constants.ts';
import { APPLICATION_MESSAGE_MAX, VACANCY_MESSAGES, applicationInput } from '../vacancies.schema.ts';
import styles from './Vacancies.module.css';

interface Values extends Record<string, unknown> { vacancyId: number; name: string; phone: string; email: string; message: string; acceptGDPR: boolean }

const NETWORK_ERROR = 'Не удалось отправить отклик: нет связи с сервером. Проверьте подключение к интернету и попробуйте ещё раз';

const sizeLabel = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} МБ` : `${Math.max(1, Math.round(bytes / 1024))} КБ`);

/**
 * 'Откликнуться': the applicant's contacts, a covering note, one CV (PDF, DOC, DOCX, RTF, ODT up to
 * 10 MB; the server checks the content) and the 152-ФЗ consent. Sent as a multipart form; the
 * server's refusal shows at the form (at the field it names), its thanks in place of the form.
 */
export function ApplyForm({ vacancyId, vacancyTitle, branchName }: { vacancyId: number; vacancyTitle: string; branchName: string }) {
  const form = useSchemaForm(applicationInput, (): Values => ({ vacancyId, name: '', phone: '', email: '', message: '', acceptGDPR: false }));
  const [cv, setCv] = useState<File | null>(null);
  const [cvError, setCvError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [thanks, setThanks] = useState<string | null>(null);

  function pick(files: File[]) {
    const file = files[files.length - 1] ?? null;
    setCv(file);
    // Another file: the server's refusal of the one before no longer stands.
    form.clearFailure();
    setCvError(file && file.size > CV_MAX_BYTES ? 'Файл слишком большой: не более 10 МБ' : null);
  }

  async function send() {
    if (!cv) { setCvError(VACANCY_MESSAGES.cvMissing); return; }
    if (cv.size > CV_MAX_BYTES) return;
    setSending(true);
    form.clearFailure();
    const body = new FormData();
    body.append('_csrf', csrfToken());
    for (const key of ['vacancyId', 'name', 'phone', 'email', 'message'] as const) body.append(key, String(form.values[key] ?? ''));
    body.append('acceptGDPR', form.values.acceptGDPR ? 'true' : '');
    body.append('cv', cv, cv.name);
    try {
      const res = await fetch(APPLY_PATH, { method: 'POST', body, headers: { Accept: 'application/json' }, credentials: 'same-origin' });
      const json = await res.json().catch(() => null) as { error_status?: string; message?: string; fields?: Record<string, string> } | null;
      if (json?.error_status === 'success') { setThanks(json.message ?? ''); return; }
      const message = json?.message ?? NETWORK_ERROR;
      if (json?.fields?.cv) setCvError(json.fields.cv);
      form.fail({ message, ...(json?.fields ? { fields: json.fields } : {}) });
    } catch {
      form.fail({ message: NETWORK_ERROR });
    } finally {
      setSending(false);
    }
  }

  return (
    <section className={styles.apply} aria-labelledby="apply-title" data-testid="apply">
      <h2 id="apply-title">Откликнуться на вакансию</h2>
      {thanks !== null ? (
        <p className={styles.thanks} role="status">{thanks}</p>
      ) : (
        <SchemaForm form={form} onValid={send}>
          <p className={styles.applyAbout}>Отклик на «{vacancyTitle}» получит специалист по персоналу филиала «{branchName}».</p>
          <ContactFields form={form} />
          <TextArea form={form} name="message" label="Сопроводительное письмо" optional maxLength={APPLICATION_MESSAGE_MAX} rows={4}
            placeholder="Коротко о себе: опыт, с какой техникой работали, когда готовы выйти" />
          <div data-field="cv">
            <FileField
              label="Резюме"
              hint="PDF, DOC, DOCX, RTF или ODT, один файл до 10 МБ"
              files={cv ? [cv] : []}
              onAdd={pick}
              onRemove={() => { setCv(null); setCvError(null); form.clearFailure(); }}
              accept={CV_ACCEPT}
              multiple={false}
              sizeLabel={sizeLabel}
            />
            <FieldError message={cvError ?? undefined} />
          </div>
          <ConsentField form={form} />
          <ServerAlert message={form.failure && form.failure.message !== cvError ? form.failure.message : null} />
          <SubmitButton disabled={sending} busy={sending}>Отправить отклик</SubmitButton>
        </SchemaForm>
      )}
    </section>
  );
}
