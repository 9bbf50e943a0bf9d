import { useMemo } from 'react';
import type { ReactElement } from 'react';
import { Link, useNavigation, useSubmit } from 'react-router';
import { SchemaForm, ServerAlert, SubmitButton, TextField, useSchemaForm } from '#app/components/forms/form-kit.tsx';
import { sameValues } from '#app/components/forms/form.rules.ts';
import { MACHINES_PATH, NAME_MAX_LENGTH, YEAR_MIN } from '../yard.constants.ts';
import { machineFormInput, type MachineFormValues, type MachineView, type ModelChoice } from '../yard.schema.ts';
import { ModelCombobox } from './ModelCombobox.tsx';
import styles from './yard.module.css';

/** What the route action answers when it refuses a form (the values come back as typed). */
export interface MachinesActionData {
  intent: 'add' | 'update' | 'delete';
  /** The machine of an update or delete. */
  id: number | null;
  message: string;
  values?: MachineFormValues;
  fields?: Record<string, string>;
  /** Several models match the typed name: the user picks one. */
  choices?: ModelChoice[];
}

const EMPTY: MachineFormValues = { modelId: '', modelQuery: '', modelTitle: '', serial: '', year: '', name: '' };
const KEYS = ['modelId', 'modelQuery', 'serial', 'year', 'name'] as const;

function valuesOf(machine: MachineView | undefined): MachineFormValues {
  if (!machine) return EMPTY;
  return {
    modelId: String(machine.model.id), modelQuery: machine.model.name, modelTitle: machine.model.name,
    serial: machine.serial, year: machine.year === null ? '' : String(machine.year), name: machine.name ?? '',
  };
}

export interface MachineFormProps {
  /** The machine to edit; none: the add form. */
  machine?: MachineView;
  maxYear: number;
  csrf: string;
  /** The action's refusal of this form, if the last post was this form's. */
  failure: MachinesActionData | null;
}

/**
 * Add or edit a machine: the model (suggested as you type), serial number, year, name. Checked with
 * the server's schema as the user types; posts to the page's action, also before the scripts load.
 */
export function MachineForm({ machine, maxYear, csrf, failure }: MachineFormProps): ReactElement {
  const schema = useMemo(() => machineFormInput(maxYear), [maxYear]);
  const form = useSchemaForm<MachineFormValues>(schema, () => failure?.values ?? valuesOf(machine));
  const submit = useSubmit();
  const navigation = useNavigation();
  const intent = machine ? 'update' : 'add';
  const pending = navigation.formData;
  const busy = navigation.state !== 'idle' && pending?.get('intent') === intent && (!machine || pending.get('id') === String(machine.id));
  const sent = failure?.values;
  // A server message stays while the fields it was about hold what was sent (also in the first,
  // server-rendered answer of a form posted without scripts).
  const fromServer = (key: keyof MachineFormValues & string) =>
    failure?.fields?.[key] && sent && form.values[key] === sent[key] ? failure.fields[key] : undefined;
  const error = (key: keyof MachineFormValues & string) => form.shown(key) ?? fromServer(key);
  const standing = failure && sent && sameValues(sent, form.values, KEYS) ? failure.message : null;
  const choices = failure?.choices && sent && form.values.modelQuery === sent.modelQuery ? failure.choices : null;
  const prefix = machine ? `machine-${machine.id}` : 'machine-new';
  const choose = (c: ModelChoice) => {
    form.set('modelId', String(c.id));
    form.set('modelTitle', c.title);
    form.set('modelQuery', c.title);
  };

  return (
    <SchemaForm
      form={form}
      method="post"
      action={MACHINES_PATH}
      className={styles.form}
      aria-label={machine ? `Изменить: ${machine.name ?? machine.model.name}` : 'Добавить технику'}
      onValid={(event) => submit(event.currentTarget, { method: 'post', action: MACHINES_PATH, preventScrollReset: true })}
    >
      <input type="hidden" name="_csrf" value={csrf} />
      <input type="hidden" name="intent" value={intent} />
      {machine ? <input type="hidden" name="id" value={machine.id} /> : null}
      <input type="hidden" name="modelId" value={form.values.modelId} />
      <input type="hidden" name="modelTitle" value={form.values.modelTitle} />
      <div className={styles.formGrid}>
        <ModelCombobox
          label="Модель"
          value={form.values.modelQuery}
          hint="Начните вводить название или код модели и выберите её из подсказок"
          error={error('modelQuery')}
          data-field="modelQuery"
          onType={(text) => {
            form.set('modelQuery', text);
            if (form.values.modelId) form.set('modelId', '');
          }}
          onChoose={choose}
          onBlur={() => form.touch('modelQuery')}
        />
        {choices ? (
          <fieldset className={styles.choices}>
            <legend>Уточните модель</legend>
            {choices.map((c) => (
              <label key={c.id} className={styles.choice}>
                <input type="radio" name="modelChoice" value={c.id} onChange={() => choose(c)} />
                <span><strong>{c.title}</strong>{c.subtitle ? <span className={styles.optionSub}> {c.subtitle}</span> : null}</span>
              </label>
            ))}
          </fieldset>
        ) : null}
        <TextField
          {...form.bind('serial')}
          id={`${prefix}-serial`}
          name="serial"
          label="Серийный номер"
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          error={error('serial')}
          hint={<span className={styles.hint}>С таблички на раме или из паспорта машины: буквы, цифры, дефис</span>}
        />
        <TextField
          {...form.bind('year')}
          id={`${prefix}-year`}
          name="year"
          label="Год выпуска (необязательно)"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          placeholder={`${YEAR_MIN}–${maxYear}`}
          error={error('year')}
        />
        <TextField
          {...form.bind('name')}
          id={`${prefix}-name`}
          name="name"
          label="Своё название (необязательно)"
          autoComplete="off"
          maxLength={NAME_MAX_LENGTH}
          placeholder="Например, «Синий, вторая бригада»"
          error={error('name')}
        />
      </div>
      <ServerAlert message={standing} />
      <div className={styles.formActions}>
        <SubmitButton disabled={!form.valid} busy={busy}>{machine ? 'Сохранить' : 'Добавить технику'}</SubmitButton>
        {machine ? <Link to={MACHINES_PATH} preventScrollReset className="btn btn-secondary">Отмена</Link> : null}
      </div>
    </SchemaForm>
  );
}
