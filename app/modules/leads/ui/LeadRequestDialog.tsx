import { ConsentField, ContactFields, EMPTY_CONTACTS, FormDialog, TextArea, useSend } from '#app/components/forms/contact-fields.tsx';
import { SchemaForm, ServerAlert, SubmitButton, TextField, formStyles, useSchemaForm } from '#app/components/forms/form-kit.tsx';
import { useSignedInData } from '#app/components/page/visitor.tsx';
import { parseStrictInt } from '#app/lib/strict-number.ts';
import type { FinancingKind } from '#app/modules/financing/financing.rules.ts';
import { FinancingEstimate } from '#app/modules/financing/ui/FinancingEstimate.tsx';
import {
  FINANCING_TYPES, FINANCING_TYPE_LABELS, LEAD_COMMENT_MAX, MACHINE_MODEL_MAX, SERIAL_MAX, TERM_MONTHS_MAX, TERM_MONTHS_MIN,
  financingRequestInput, parseAmountMinor, serviceRequestInput, type FinancingType,
} from '../leads.schema.ts';
import { usePrefilledContacts } from './use-prefilled-contacts.ts';
import styles from './OfferRequestDialog.module.css';

export type LeadRequestKind = 'service' | 'financing';

export interface LeadRequestDialogProps {
  kind: LeadRequestKind;
  open: boolean;
  onClose: () => void;
  /** The branch that answers (the visitor's, as the page shows it); null when none serves his region. */
  branchName: string | null;
}

const TITLES: Record<LeadRequestKind, string> = { service: 'Заявка на сервис', financing: 'Заявка на финансирование' };

/**
 * The service request of /servis and the financing request of /finansirovanie (ADR 078): the
 * machine and what the kind needs, the visitor's contacts (filled from his account once the page has
 * them), the 152-ФЗ consent; the answer names the request's number.
 */
export function LeadRequestDialog({ kind, open, onClose, branchName }: LeadRequestDialogProps) {
  return (
    <FormDialog id={`${kind}-request`} open={open} onClose={onClose} title={TITLES[kind]} sentTitle="Заявка отправлена"
      form={(onSent) => (kind === 'service' ? <ServiceForm branchName={branchName} onSent={onSent} /> : <FinancingForm branchName={branchName} onSent={onSent} />)} />
  );
}

interface ServiceValues extends Record<string, unknown> { model: string; serial: string; problem: string; name: string; phone: string; email: string; acceptGDPR: boolean }
interface FinancingValues extends Record<string, unknown> {
  type: string; model: string; price: string; termMonths: string; advance: string; comment: string; name: string; phone: string; email: string; acceptGDPR: boolean;
}

/** A machine of the visitor's 'Моя техника' as `GET /api/parts/machines/picker` answers it. */
interface OwnMachine { id: number; title: string; modelName: string; serial: string }

function ServiceForm({ branchName, onSent }: { branchName: string | null; onSent: (message: string) => void }) {
  const form = useSchemaForm(serviceRequestInput, (): ServiceValues => ({ model: '', serial: '', problem: '', ...EMPTY_CONTACTS }));
  usePrefilledContacts(form);
  const { sending, send } = useSend(form, '/api/leads/service-request', onSent);
  // A signed-in visitor may pick one of his machines: its model and serial number fill the fields.
  const { data: own } = useSignedInData<{ machines: OwnMachine[] }>('/api/parts/machines/picker');
  const machines = own?.machines ?? [];
  return (
    <SchemaForm form={form} onValid={send}>
      <p className={styles.about}>
        {branchName ? `Заявку получит сервис филиала «${branchName}»: инженер уточнит детали и согласует время ремонта или выезда.` : 'Сервисный инженер уточнит детали и согласует время ремонта или выезда.'}
      </p>
      {machines.length > 0 ? (
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor="service-own-machine">Моя техника</label>
          <select
            id="service-own-machine"
            className={formStyles.input}
            defaultValue=""
            onChange={(event) => {
              const m = machines.find((x) => String(x.id) === event.currentTarget.value);
              if (m) { form.set('model', m.modelName); form.set('serial', m.serial); }
            }}
          >
            <option value="">Выбрать из «Моей техники»…</option>
            {machines.map((m) => <option key={m.id} value={m.id}>{m.title} · № {m.serial}</option>)}
          </select>
        </div>
      ) : null}
      <TextField label="Модель техники" name="model" maxLength={MACHINE_MODEL_MAX} placeholder="Например: John Deere 8R 410" {...form.bind('model')} />
      <TextField label="Серийный номер (если известен)" name="serial" maxLength={SERIAL_MAX} {...form.bind('serial')} />
      <TextArea form={form} name="problem" label="Что случилось" maxLength={LEAD_COMMENT_MAX} placeholder="Например: не запускается двигатель, на панели ошибка 523" />
      <ContactFields form={form} />
      <ConsentField form={form} />
      <ServerAlert message={form.failure?.message ?? null} />
      <div className={formStyles.actions}>
        <SubmitButton disabled={!form.valid} busy={sending}>Отправить заявку</SubmitButton>
      </div>
    </SchemaForm>
  );
}

/** The programmes the estimate offers for the form's kind: credit includes the loan and installment programmes (ADR 082). */
const ESTIMATE_KINDS: Record<FinancingType, readonly FinancingKind[]> = { leasing: ['leasing'], credit: ['credit', 'loan', 'installment'] };

function FinancingForm({ branchName, onSent }: { branchName: string | null; onSent: (message: string) => void }) {
  const form = useSchemaForm(financingRequestInput, (): FinancingValues => ({ type: 'leasing', model: '', price: '', termMonths: '36', advance: '', comment: '', ...EMPTY_CONTACTS }));
  usePrefilledContacts(form);
  const { sending, send } = useSend(form, '/api/leads/financing-request', onSent);
  const typeError = form.shown('type');
  return (
    <SchemaForm form={form} onValid={send}>
      <p className={styles.about}>
        {branchName ? `Менеджер филиала «${branchName}» рассчитает платежи и подберёт условия у банков и лизинговых компаний-партнёров.` : 'Менеджер рассчитает платежи и подберёт условия у банков и лизинговых компаний-партнёров.'}
      </p>
      <fieldset className={formStyles.field} style={{ border: 0, padding: 0, margin: 0 }} data-field="type">
        <legend className={formStyles.label}>Вид финансирования</legend>
        <div style={{ display: 'flex', gap: 16 }}>
          {FINANCING_TYPES.map((t) => (
            <label key={t} style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
              <input type="radio" name="type" value={t} checked={form.values.type === t} onChange={() => form.set('type', t)} />
              {FINANCING_TYPE_LABELS[t]}
            </label>
          ))}
        </div>
        {typeError ? <span className={formStyles.error}>{typeError}</span> : null}
      </fieldset>
      <TextField label="Модель техники" name="model" maxLength={MACHINE_MODEL_MAX} placeholder="Например: Horsch Maestro 24 SW" {...form.bind('model')} />
      <TextField label="Стоимость техники" name="price" inputMode="decimal" maxLength={20} placeholder="12 500 000" {...form.bind('price')} />
      <TextField label="Аванс (необязательно)" name="advance" inputMode="decimal" maxLength={20} placeholder="2 500 000" {...form.bind('advance')} />
      <TextField label={`Срок, месяцев (${TERM_MONTHS_MIN}–${TERM_MONTHS_MAX})`} name="termMonths" inputMode="numeric" maxLength={3} {...form.bind('termMonths')} />
      <FinancingEstimate kinds={ESTIMATE_KINDS[form.values.type as FinancingType] ?? ESTIMATE_KINDS.leasing} price={parseAmountMinor(form.values.price)}
        advance={form.values.advance.trim() === '' ? 0 : parseAmountMinor(form.values.advance)} termMonths={parseStrictInt(form.values.termMonths)} />
      <TextArea form={form} name="comment" label="Комментарий" optional maxLength={LEAD_COMMENT_MAX} rows={2} />
      <ContactFields form={form} />
      <ConsentField form={form} />
      <ServerAlert message={form.failure?.message ?? null} />
      <div className={formStyles.actions}>
        <SubmitButton disabled={!form.valid} busy={sending}>Отправить заявку</SubmitButton>
      </div>
    </SchemaForm>
  );
}
